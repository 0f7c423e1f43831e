# 统计：`agora stats` 的排行榜，以及各游戏在已结束对局页面上的部分。
# `stats-group-…`、`stats-key-…`、`stats-score-…`、`stats-part-…` 按存储的词（角色、阵营、
# 评分键、排行榜的得分名）查找。

stats-game-werewolf = 狼人杀
stats-game-debate = 辩论
stats-game-trial = 庭审

stats-finished-games-one = { $n } 局
stats-finished-games = { $n } 局
stats-board-heading = { $title }排行榜：真人玩家完成 { $games }后按评分（μ − 3σ）排名；AI 玩家单独列出，不参与排名。
stats-board-heading-of = { $community } 的{ $title }排行榜：真人玩家完成 { $games }后按评分（μ − 3σ）排名；AI 玩家单独列出，不参与排名。
stats-no-finished-games = 还没有已结束的对局。
stats-no-person = 还没有真人玩家参与。
stats-ai-apart = AI 玩家（不参与排名；每个座位各算一局）：
stats-none-listed-ai = { $title }排行榜：还没有 AI 玩家参与。
stats-none-listed-people = { $title }排行榜：还没有真人玩家参与。
stats-rebuilt = 已根据存储的结果重算 { $rows } 条评分，用时 { $secs } 秒。

stats-col-rank = 名次
stats-col-player = 玩家
stats-col-rating = 评分
stats-col-games = 局数
stats-col-wins = 胜局
stats-col-win-rate = 胜率
stats-col-mean = 平均{ $score }
stats-col-by-side = 按阵营（评分）
stats-col-by-group = 按{ $group }（局数，{ $mean }）

stats-score-gpp = GPP
stats-score-speech_score = 发言得分
stats-score-final_score = 最终得分（满分 100）
stats-score-points = 积分
stats-score-shift = 每场偏移
stats-award-best_debater = 最佳辩手次数
stats-groups-roles = 角色
stats-groups-sides = 阵营
stats-part-speech_score = 团队辩论
stats-part-final_score = 主持辩论
stats-part-points = 社交辩论

stats-group-werewolf = 狼人
stats-group-villager = 村民
stats-group-seer = 预言家
stats-group-witch = 女巫
stats-group-hunter = 猎人
stats-group-pro = 正方
stats-group-con = 反方
stats-group-rounds = 主持辩论
stats-group-social = 社交辩论
stats-group-defense = 辩方
stats-group-prosecution = 控方

stats-key-village = 好人阵营
stats-key-wolf = 狼人阵营
stats-key-case = 案件
stats-key-debate = 辩论
stats-key-trial = 庭审

# 在社区页面隐藏了名字的人：用其 id 算出的代码表示。
stats-hidden-player = 玩家 { $code }

stats-won-by = { $name }（{ $seat } 号）获胜。
stats-draw = 平局。
stats-tie = 并列第一。

stats-ww-seat-view = { $seat } 号看到的对局
stats-ww-seat-view-note = 只有 { $seat } 号在对局中看到的内容：全桌的发言，以及它自己的私密信息。
stats-ww-table-view = 全桌看到的对局
stats-ww-table-view-note = 所有人都看到的发言、投票和出局。
stats-ww-reveal = 终局之后：所有身份和夜间行动
stats-ww-reveal-note = 对局结束后公开；方括号里注明当时谁看到了这一行。
stats-ww-village-won = 好人阵营获胜。
stats-ww-wolves-won = 狼人阵营获胜。

stats-debate-section = 辩论经过
stats-debate-section-note = 每一篇发言原样呈现，还有主持人的发言和裁决。
stats-debate-chart = 各轮立场（−100 反对辩题，+100 支持辩题）
stats-debate-chart-x = 轮次
stats-debate-pro-won = 正方获胜。
stats-debate-con-won = 反方获胜。

stats-trial-section = 庭审经过
stats-trial-section-note = 每位律师对每位陪审员说的话、陪审员的回答、评议和裁决。
stats-trial-chart = 陪审员立场（−100 有罪，+100 无罪；以 0 为界投票）
stats-trial-chart-x = 步骤
stats-trial-not-guilty = 无罪。
stats-trial-guilty = 有罪。

# AI 玩家按其代理（不含版本号）命名；辩手的名字与 content/zh-CN/personalities.toml 一致。
stats-ai-heuristic = 内置玩家
stats-ai-random = 随机玩家
stats-ai-advocate = 律师
stats-ai-debater-logical = 逻辑型
stats-ai-debater-emotional = 情感型
stats-ai-debater-data_driven = 数据型
stats-ai-debater-aggressive = 进攻型
stats-ai-debater-diplomatic = 温和型
