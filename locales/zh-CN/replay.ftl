# 重看一局存档（agora replay）：回放自己的几行，围在一局的经过外面；经过本身来自
# werewolf.ftl、debate.ftl 和 trial.ftl。

# 狼人杀：标题、谁的视角（上帝视角里各行标注谁看到）、最后的得分。
replay-ww-god = 第 { $seed } 局（上帝视角）。
replay-ww-seat = 第 { $seed } 局，{ $seat } 号（{ $role }）的视角。
replay-ww-tag-moderator = 【主持人】
replay-ww-tag-seat = 【仅 { $seats } 号】
replay-ww-tag-seats = 【{ $seats } 号】
replay-ww-gpp = GPP：{ $seats }
replay-ww-gpp-seat = { $seat } 号（{ $role }）{ $points }
replay-ww-gpp-sep = ，

# 团队辩论：标题，以及没有打完的辩论。
replay-debate-all = 第 { $seed } 场辩论（双方和评委的全部视角）。
replay-debate-seat = 第 { $seed } 场辩论，{ $seat }的视角。
replay-debate-unfinished = （这场辩论没有结束。）

# 狼人杀：一个座位为什么得到 GPP（加 --detail 时故事里的行）。
ww-reason-team-win = 阵营获胜
ww-reason-survival = 存活
ww-reason-vote = 投票
ww-reason-seer-check = 预言家查验
ww-reason-god-dawn = 神职活过一夜
ww-reason-witch-save = 女巫救人
ww-reason-witch-poison = 女巫毒人
ww-reason-hunter-shot = 猎人开枪
