# 主持式辩论与社交辩论的文字叙述（终端、回放）、主持人与评估员的离线笔记、模型提示词里填入的词语，
# 以及终端上真人辩手看到的提示。

## 名字与列表
panel-participant = { $seat }号辩手
panel-list-empty = 无
panel-for = 支持
panel-against = 反对

## 主持式辩论
panel-mod-opened = 主持式辩论（{ $style }，共 { $rounds } 轮，{ $participants } 位辩手）：{ $motion }
panel-style-structured = 结构化
panel-style-semi_structured = 半结构化
panel-style-free_flowing = 自由式
panel-round-started = —— 第 { $round } 轮：{ $order } ——
panel-spoke = { $name }（第 { $round } 轮，{ $words }/{ $limit } 字）：{ $text }
panel-speaking = { $name }（第 { $round } 轮）：{ $text }
panel-skipped = { $name }在第 { $round } 轮没有发言（主动跳过或超时）。
panel-post-head = == 主持人点评第 { $round } 轮 ==
panel-post-head-offline = == 主持人点评第 { $round } 轮（离线评分）==
panel-clashes = 交锋：{ $list }
panel-clashes-none = 本轮没有（没有人回应对方的论点）
panel-consensus = 共识：{ $list }
panel-consensus-none = 本轮没有
panel-sources = 引用来源：{ $list }
panel-scores-head = 得分（满分 30，两轮评分的平均）：
panel-score = { $name }：{ $mean }——{ $reason }
panel-final-head = == 最终评估（满分 100，两轮评分的平均）==
panel-final-head-offline = == 最终评估（离线评分；满分 100，两轮评分的平均）==
panel-total = { $name }：{ $total }
panel-category = { $title }：{ $reason }
panel-category-argument_quality = 论证质量
panel-category-rebuttal = 反驳效果
panel-category-strategy = 策略定位
panel-category-rhetoric = 修辞效果
panel-category-integrity = 学术诚信
panel-result = == 结果：{ $scores }——{ $outcome }{ $disagreed } ==
panel-result-score = { $name } { $score }
panel-result-win = { $name }{ $verdict }
panel-result-draw = 平局
panel-result-tie = 并列第一
panel-passes-disagreed = （两轮最终评分对谁领先看法不一：胜负不明）
panel-victory-clear = 明显获胜
panel-victory-narrow = 险胜
panel-victory-draw = 平局

## 社交辩论
panel-social-opened = 社交辩论（共 { $rounds } 轮）：{ $motion }
panel-social-start = { $name }（立场 { $stance }，坚定程度 { $conviction }）
panel-social-round = —— 第 { $round } 轮 ——
panel-standing = 第 { $round } 轮后各方立场：{ $minds }。
panel-mind = { $name }{ $side }（{ $stance }，坚定程度 { $conviction }）
panel-mind-gave-in = { $name }已认输
panel-scored-head = 得分构成：
panel-scored = { $name } { $total }：{ $parts }
panel-part-held = 守住立场 { $x }
panel-part-influence = 说服他人 { $x }
panel-part-won-over = 争取到他人 { $x }
panel-part-composure = 受攻击时的镇定 { $x }
panel-part-gave-in = 认输 { $x }
panel-rated = （评估员评{ $name }的发言：{ $ratings }）
panel-rated-offline = （评估员离线评{ $name }的发言：{ $ratings }）
panel-rating = { $name } 说服{ $p } 攻击{ $a } 证据{ $e }
panel-surrendered = ** { $name }认输（{ $why }）。
panel-surrendered-bonus = ** { $name }认输（{ $why }）；{ $to }获得 +20 分。
panel-why-persuaded = 在信念薄弱时被说服
panel-why-wavering = 信念所剩无几，被拉向中间
panel-why-worn = 连续三次被说服
panel-why-conceded = 主动认输
panel-verdict-overwhelming = 压倒性获胜
panel-verdict-clear = 明显占优
panel-verdict-narrow = 险胜

## 离线主持人的笔记（[P1] 是辩手的标签，显示时换成名字）
panel-note-skipped = 跳过了本轮发言。
panel-note-argued = [P{ $seat }]主张{ $claim }
panel-note-claim-quoted = “{ $claim }”
panel-note-no-claim = [P{ $seat }]没有提出有实质内容的主张。
panel-note-no-sources = 没有人附引文引用来源。
panel-note-nobody = 本轮无人发言。
panel-note-granted = [P{ $seat }]认可了[P{ $by }]的论点：“{ $about }”
panel-note-answered = [P{ $seat }]回应了[P{ $by }]关于“{ $about }”的论点
panel-final-summary = 最终评估通读每位辩手的整场发言：证据、理由、回应的论点、有实质内容的句子。

## 离线主持人的最终评分细则
panel-rubric-none = 0/{ $max }：没有可评的发言。
panel-rubric-category = { $score }/{ $max }：{ $parts }。
panel-rubric-part = { $title } { $score }/{ $max }（{ $why }）
panel-sub-evidence = 有据可依的主张
panel-sub-logic = 逻辑结构
panel-sub-relevance = 切题程度
panel-sub-comprehensiveness = 全面性
panel-sub-precision = 精确性
panel-sub-counter_evidence = 反证
panel-sub-framing = 议题框定
panel-sub-adaptability = 应变能力
panel-sub-clarity = 清晰度
panel-sub-persuasiveness = 说服力
panel-sub-tone = 语气把控
panel-sub-concession = 适时让步
panel-sub-accuracy = 准确性
panel-m-evidence = { $speeches } 篇发言中有 { $n } 处证据
panel-m-reasons = { $n } 句给出理由
panel-m-on-motion = { $speeches } 篇发言中有 { $on } 篇切题
panel-m-substance = { $n } 句有实质内容，平均每篇约 { $per } 句
panel-m-precision = { $fresh } 句新内容中有 { $n } 句有实质内容
panel-m-counter = { $n } 次有证据的反驳
panel-m-signposts = { $n } 处路标语
panel-m-engaged = 回应了对方所提论点的 { $percent }%
panel-m-readable = 句子通顺
panel-m-readable-mostly = 句子大多通顺
panel-m-together = 理由与证据兼备
panel-m-insults = { $n } 处侮辱
panel-m-no-insults = 没有侮辱
panel-m-grants = 认可对方论点 { $n } 次
panel-m-no-grants = 没有认可对方任何论点
panel-m-not-found = { $n } 处引用未找到
panel-m-unchallenged = 证据未受质疑
panel-m-nothing-to-check = 没有可核查的证据

## 模型提示词里填入的词语
panel-llm-none-yet = （暂无）
panel-llm-earlier-round = 第 { $round } 轮：{ $summary }
panel-llm-earlier = 前几轮：{ $earlier }
panel-llm-skipped = （跳过了本轮）
panel-llm-speech = 第 { $round } 轮，{ $name }：{ $text }
panel-llm-labelled = [{ $label }]，第 { $round } 轮：{ $text }
panel-llm-task-opening = 立论：提出你的主要论点及其证据。
panel-llm-task-closing = 总结：回应对方针对你的论点，并总结你方为什么应该获胜。
panel-llm-task-middle = 回应对方针对你的最有力的论点，并推进你方的论证。
panel-llm-grouped = 按子议题归类，而不是按辩手
panel-llm-each = 每位辩手各自的论点
panel-llm-no-citation = （没有附引文的引用）
panel-llm-nothing-yet = （暂无）
panel-stance-strongly-for = 坚决支持辩题
panel-stance-for = 支持辩题
panel-stance-undecided = 尚未决定，不偏向任何一方
panel-stance-against = 反对辩题
panel-stance-strongly-against = 坚决反对辩题
panel-conviction-very-firm = 非常坚定
panel-conviction-firm = 坚定
panel-conviction-open = 愿意被说服
panel-conviction-swayed = 容易动摇

## 终端
panel-help = 玩法：轮到你时，分一行或多行输入发言，以空行或单独一行“.”结束（时间到时已输入的内容会自动提交）。输入“跳过”放弃本轮发言。{ $concede }输入“帮助”显示本说明；“退出”离开（辩论会保存）；“终止”连输两次结束辩论。
panel-help-concede = 输入“认输”两次即认输。
panel-you-pass = 你跳过了本轮。
panel-time-up = 时间到：你的本轮发言被跳过。
panel-your-turn = >> { $name }，请发表第 { $round } 轮发言：最多 { $limit } 字；可分多行输入，以空行或“.”结束（或输入“跳过”）。[{ $secs } 秒]
panel-handed-in = 时间快到了：你已输入的内容（{ $words } 字）已提交。
panel-too-late = 太迟了：这一轮发言已经结束。
panel-not-taken = 未被接受：{ $error }。
panel-nothing-to-pass = 还没轮到你：没有可以跳过的发言。
panel-again = 再输入一次“{ $word }”以确认；输入其他内容则继续。
panel-you-give-in = 你认输了。
panel-no-conceding = 主持式辩论不能认输：请发言，或输入“跳过”。
panel-not-your-turn = 还没轮到你：请稍候（输入“帮助”查看命令）。
panel-nothing-written = 还没有输入内容：请输入发言，或输入“跳过”放弃本轮。
panel-count = （{ $words }/{ $limit } 字）
panel-count-over = （{ $words }/{ $limit } 字——超出上限）
panel-unfinished = 你未完成的发言（{ $words } 字）没有提交。内容如下：
panel-chart = 图表：{ $path }
panel-unfinished-debate = 辩论未完成即结束。
panel-sides = 各方立场：{ $sides }。
panel-side = { $name }：{ $side }辩题
panel-you-are = *** 你是{ $seat }号辩手（{ $name }），{ $side }。***
panel-you-watch = 所有辩手都是 AI；你在旁观。
panel-social-session = 社交辩论，场次 { $id }（种子 { $seed }）：{ $motion }
panel-mod-session = 主持式辩论，场次 { $id }（种子 { $seed }）：{ $motion }
panel-resumed-as = 场次 { $id }（种子 { $seed }）：辩论已恢复；你是{ $seat }号辩手（{ $name }）
panel-resumed = 场次 { $id }（种子 { $seed }）：辩论已恢复
panel-name-ai = { $seat }号（{ $personality }AI）
panel-name-person = { $seat }号 { $name }

## 各种辩论的模型提示词：论据库的小标题
debate-llm-bank-framing = 立论框架：{ $framing }
debate-llm-bank-claims = 论点：
debate-llm-bank-claim = - { $claim }（{ $evidence }）
debate-llm-bank-rebuttals = 反驳（按对方的论点）：
debate-llm-bank-rebuttal = - 针对“{ $on }”：{ $text }
debate-llm-bank-questions = 可以提出的问题：
