# 团队辩论的 AI 席位所用的文字：离线队长的指示，以及模型提示词中填入的内容（记录、本队私下的
# 留言、任务、队长的名单）。

## 离线队长
team-ai-rebut = 反驳对方关于‘{ $keyword }’的论点
team-ai-press = 强调我方关于‘{ $keyword }’的论点
# 队员的队内留言含有这个词，即申请自由辩论的发言权。
team-ai-floor-word = 发言权

## 记录
team-ai-cut = { $shown }……（其余 { $over } 字超出上限，未显示）
team-ai-reply-named = 对方最近的发言是上面{ $seat }的{ $part }：请回应它。
team-ai-reply-full = 对方最近的发言，{ $seat }的{ $part }，全文如下：
team-ai-reply-none = 对方还没有发言。
team-ai-speech = - { $seat }（{ $part }，{ $words } 字{ $to }{ $summarized }）：{ $text }
team-ai-speech-to = ，向{ $seat }提问
team-ai-summarized = ，摘要
team-ai-stage = （{ $stage }）
team-ai-missed = - （{ $seat }错过了{ $part }）
team-ai-rested = - （{ $seat }代表本队结束陈述：放弃了本队剩余的时钟）
team-ai-nothing-yet = （还没有人发言）

## 本队私下的部分
team-ai-before-any = 在任何发言之前
team-ai-after = 在{ $seat }的{ $part }之后
team-ai-note = - （{ $after }）{ $seat }的留言：{ $text }
team-ai-handed = - （{ $after }）{ $from }把发言权交给{ $to }：{ $direction }
team-ai-team-heading = 本队的留言和发言权交接（只有本队可见，最新的在最后）：

## 任务
team-ai-task-opening = { $side }的立论陈词：为你方阐明辩题，用证据提出你方的主要论点。
team-ai-task-question = 攻辩质询。至少提出三个尖锐的问题，并从两位指定的对方辩手中选出回答者。只提问：不要陈述观点，也不要自问自答。
team-ai-task-answer = 回答刚才向你提出的问题（上面最后一篇发言）。逐一直接回答；不要反问。
team-ai-task-summary = 你方的质询小结：逐点说明提问和回答揭示了什么。不要只是重复你方的立论。
team-ai-task-free = 一段自由辩论发言：先回应对方的上一篇发言，再推进你方的论证。
team-ai-task-closing = 总结陈词：本场辩论的主要交锋，以及你方为什么赢下了它。不要提出新的证据。
team-ai-task-direction = 队长给你的指示：{ $direction }。
team-ai-task-clock = 本队时钟还剩 { $left } 字。
team-ai-task-targets = 回答者是{ $a }或{ $b }。可选的回答者：{ $a_name }、{ $b_name }。

## 队长的名单
team-ai-member = - { $name }（{ $title }{ $person }）：自由辩论发言 { $free } 次，共发言 { $all } 次
team-ai-a-person = ，真人
