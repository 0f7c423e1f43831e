# 规则拒绝一个操作的理由，按尝试者读到的样子（只有本人能看到的回复、频道里的一行、终端）。
# 英文与各拒绝自身的文字逐字相同；规则以整句写出的理由会被读回成这里的某条消息
# （`localized::reread`），再用别的语言说出来。

## 狼人杀
ww-refused-unknown-seat = 没有 { $seat } 号座位：座位号为 1 到 { $seats }
ww-refused-over = 游戏已经结束
ww-refused-not-your-turn = { $seat } 号现在无需操作（正在等待：{ $waiting }）
ww-refused-waiting-nobody = 无人
ww-refused-waiting-one = { $seat } 号的{ $kind }
ww-refused-list-and = 、
ww-refused-wrong-action = { $seat } 号现在要做的是{ $kind }（{ $allowed }），不是“{ $got }”
ww-refused-allowed-wolf-pick = 刀 <座位号>
ww-refused-allowed-witch = 救、毒 <座位号> 或 过
ww-refused-allowed-seer-check = 验 <座位号>
ww-refused-allowed-hunter-shot = 开枪 <座位号> 或 不开枪
ww-refused-allowed-speech = 发言 <内容>
ww-refused-allowed-vote = 投 <座位号> 或 弃票
ww-refused-got-seat = 选座位
ww-refused-got-nobody = 不选任何人
ww-refused-got-save = 救人
ww-refused-got-poison = 毒人
ww-refused-got-speech = 发言
ww-refused-bad-target = { $target } 号不是{ $kind }的有效目标（可选：{ $allowed }）
ww-refused-none = 无
ww-refused-cannot-save = 女巫现在不能救人：{ $why }
ww-refused-save-not-night = 现在不是夜晚
ww-refused-save-antidote-used = 解药已经用过了
ww-refused-save-nobody-attacked = 今晚没有人被刀
ww-refused-save-self-first-night = 女巫只有第一晚可以自救
ww-refused-save-not-self = 女巫不能自救
ww-refused-save-nothing = 没有可救的人
ww-refused-poison-used = 女巫的毒药已经用过了
ww-refused-too-long = 发言有 { $len } 字，最多 { $max } 字，请精简

## 庭审：规则以整句写出的理由（其余拒绝是 trial.ftl 里的 `trial-refused-…`）
trial-refused-only-players = 只有玩家可以辩论
trial-refused-nothing-to-label = 没有等待标注的消息
trial-refused-no-answer-waiting = 没有等待这位陪审员回答的消息
trial-refused-deliberation-turn = 评议中现在轮到{ $juror }发言
trial-refused-no-statement = 现在不需要评议陈述

## 团队辩论
debate-refused-over = 辩论已经结束
debate-refused-no-seat = 没有 { $seat } 号座位
debate-refused-not-your-turn = 还没轮到{ $who }：{ $expected }
debate-refused-cross-examining = { $seat }正在质询
debate-refused-gives = { $seat }正在进行{ $part }
debate-refused-judge-scoring = 评委正在评分
debate-refused-speeches-over = 发言已经结束
debate-refused-bad-target = { $target }不能回答：质询方只能选{ $allowed }
debate-refused-either = { $a }或{ $b }
debate-refused-pro-opens = 自由辩论由正方先发言
debate-refused-clock-spent = { $side }的自由辩论时间已经用完
debate-refused-bad-score = 评委给的“{ $criterion }”分必须在 1–10 之间，不能是 { $value }
debate-refused-empty = 发言是空的：请写点什么，或等时间结束以跳过本轮
debate-refused-no-speech = 没有第 { $speech } 篇发言可评分
debate-refused-scored = 第 { $speech } 篇发言已经评过分了
debate-refused-review-once = 最终点评只有一次，在总结陈词之后
debate-refused-ask-first = 请提出你的问题，并指定由谁回答
debate-refused-rest-free-only = 只有在自由辩论中才能结束本队陈述
debate-refused-rest-floor-only = 只有正在发言的一方可以结束本队陈述
debate-refused-hand-to-mate = 请把发言权交给本队队友，而不是{ $who }
debate-refused-hand-floor-only = 只有获得自由辩论发言权的辩手可以转交发言权
debate-refused-judge-only = 只有评委可以评分和点评
debate-refused-judge-silent = 评委不在辩论中发言
debate-refused-judge-idle = 评委现在无需操作

## 主持式辩论与社交辩论
panel-refused-over = 辩论已经结束
panel-refused-no-seat = 没有 { $seat } 号座位
panel-refused-not-your-turn = 还没轮到你：{ $why }
panel-refused-speaks-now = 现在是{ $seat }号辩手发言
panel-refused-empty = 发言是空的：请写点什么，或等时间结束以跳过本轮
panel-refused-nothing-open = { $seat }号现在没有待办的事
panel-refused-evaluator-rating = 评估员正在为上一篇发言评分
panel-refused-evaluator-silent = 评估员不参与辩论
panel-refused-surrendered = { $seat }号辩手已经认输
panel-refused-evaluator-only = 只有评估员可以评分
panel-refused-not-rated = 这篇发言不能给{ $seat }号辩手评分（只评其他辩手）
panel-refused-rated-twice = { $seat }号辩手被评了两次
panel-refused-rating = { $seat }号辩手：{ $name }必须在 0 到 1 之间，不能是 { $value }
panel-refused-rating-persuasion = 说服力
panel-refused-rating-attack = 攻击力
panel-refused-rating-evidence = 证据
panel-refused-nothing-to-rate = 没有可评分的发言
panel-refused-round-scoring = 主持人正在为第 { $round } 轮评分
panel-refused-speaking-over = 发言已经结束，主持人正在做最终评估
panel-refused-other-round = 主持人要评的是第 { $round } 轮，不是第 { $other } 轮
panel-refused-scores-all = 每一遍评分都要给全部 { $n } 位辩手打分，而不是 { $given } 位
panel-refused-evaluates-all = 每一遍评估都要覆盖全部 { $n } 位辩手，而不是 { $given } 位
panel-refused-round-running = 第 { $round } 轮还在发言中：结束后主持人再评分
panel-refused-final-due = 每一轮都已评分：现在该做最终评估了
panel-refused-final-later = 最终评估要在最后一轮评分之后进行
panel-refused-moderator-only = 只有主持人可以评分
panel-refused-bad-score = 主持人给的“{ $criterion }”分必须在 0–{ $max } 之间，不能是 { $value }
panel-refused-criterion-argument = 论证
panel-refused-criterion-rebuttal = 反驳
panel-refused-criterion-strategy = 策略

## 任何游戏：会话为何没有接受一次提交
session-stale = 这个选择已经失效（它属于之前的一个提问）
session-ai-seat = { $seat } 号座位由 AI 操控
session-no-seat = 这一桌没有 { $seat } 号座位
session-closed = 这局游戏已经结束
