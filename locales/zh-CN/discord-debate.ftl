# Discord 上的团队辩论（crates/discord/src/debate/，不含 panel/）：报名、主持人的串场、
# 点名及其控件、各队私密讨论串、状态、记分卡和各种拒绝提示。阶段、发言类型、规则和
# 正反方的名称见 debate.ftl。

## Words
dd-words-one = 1 字
dd-words = { $n } 字
dd-the-team = 本队
dd-nobody = 无人
dd-on = 开
dd-off = 关
dd-length-full = 完整
dd-length-short = 精简
dd-lang-en = 英文
dd-lang-zh-CN = 中文
dd-ai-seat = 🤖 AI · { $name }
dd-ai-seat-offline = 🤖 AI · { $name }（离线）
dd-seat-name = { $seat } · { $name }
dd-more = ……另有 { $n } 条

## /debate start and its refusals
dd-not-started = 未开始：{ $why }。
dd-no-topic = 未开始：没有辩题 { $typed }，而且{ $why }。可选辩题：{ $topics }。
dd-needs-model = 自拟辩题需要为辩手配置语言模型（设置 LLM_API_KEY）；离线时请从现有辩题中选择
dd-topic-not-in-lang = 未开始：辩题 { $topic } 没有{ $lang }论据库。有{ $lang }论据库的辩题：{ $topics }。
dd-motion-sentence = 未开始：请把辩题写成一句完整的话，例如“应当禁止布置家庭作业”。
dd-team-option-one = { $options } 选项只适用于主持辩论和社交辩论（团队辩论固定为四对四；请选择 moderated 或 social 赛制，或去掉这个选项）
dd-team-option-many = { $options } 选项只适用于主持辩论和社交辩论（团队辩论固定为四对四；请选择 moderated 或 social 赛制，或去掉这些选项）
dd-and = 和
dd-bad-pace = 节奏 { $why }（数值越小越快）

## The lobby
dd-lobby-title = 🎙️ 团队辩论 — 请入座
dd-motion = **辩题：**{ $motion }
dd-lobby-options = 发言篇幅：{ $length } · 即时公布评分：{ $live }{ $pace }
dd-lobby-pace = {" "}· 节奏 ×{ $pace }
dd-lobby-how = 在下方选择席位；空着的席位由 AI 辩手担任。由房主点 **开始**。
dd-lobby-seat = **{ $seat }** — { $name }
dd-lobby-open-seat = **{ $seat }** — 🤖 AI 辩手（空位）
dd-lobby-pro = 正方（支持辩题）
dd-lobby-con = 反方（反对辩题）
dd-lobby-footer = 房主：{ $host } · 评委由 AI 担任
dd-lobby-opener = 开设者
dd-button-leave = 离开
dd-button-start = 开始
dd-button-cancel = 取消
dd-lobby-cancelled = 🛑 辩论报名已取消。
dd-lobby-taken = { $seat }已有人入座。
dd-lobby-no-seat = 没有席位 { $seat }。
dd-lobby-not-seated = 你在这张桌上没有席位。
dd-lobby-not-host = 只有房主或管理员（拥有“管理消息”权限）才能开始辩论。
dd-lobby-not-host-cancel = 只有房主或管理员（拥有“管理消息”权限）才能取消辩论。
dd-lobby-started = 辩论已经开始：报名已关闭。
dd-lobby-ended = 这场辩论已经结束。
dd-old-lobby = 这次报名已关闭：这个按钮属于本频道之前的一局。
dd-choice-closed = 这个选项已关闭。

## The start
dd-could-not-start = 辩论未能开始：{ $why }。请再试一次。
dd-started-title = 🎙️ 辩论开始
dd-started-threads = 各队的私密讨论串（队内笔记、队长的调度）：{ $threads }
dd-started-thread = { $side }：<#{ $thread }>
dd-started-how = 主持人会在这里逐一点名发言，并说明字数上限和时间。
dd-thread-name = { $side } — 私密讨论
dd-thread-intro = 🔒 { $side }的私密讨论串：只有本队能看到。可以在这里给队友留言；自由辩论中 AI 队长的调度也会发到这里。

## The moderator's lines
dd-intro-opening = 双方一辩立论，陈述本方观点。
dd-intro-cross_examination = 共四轮：双方二辩、三辩依次向对方提问，并指定对方二辩或三辩回答；随后双方一辩作质询小结，正方先。
dd-intro-free_debate = 双方交替发言，正方先；每队的时间以字数计。任何辩手都可以发言。
dd-intro-closing = 双方四辩总结陈词，反方先。
dd-intro-finished = 发言全部结束：评委正在评分并撰写点评。
dd-motion-line = 📜 **辩题：**{ $motion }
dd-stage-header = ## 🎙️ { $stage }
dd-spoke = **{ $seat }** — { $part }（{ $words }/{ $limit } 字{ $over }）{ $target }
dd-spoke-over = ，超出字数上限
dd-spoke-target = {" "}→ 由{ $seat }回答
dd-skipped = ⏭️ { $seat }错过了{ $part }（时间已到）。
dd-rested-one = 🛑 { $seat }代表{ $side }结束陈述：放弃时钟上剩余的 1 字。
dd-rested = 🛑 { $seat }代表{ $side }结束陈述：放弃时钟上剩余的 { $left } 字。
dd-clock-line = ⏱️ 剩余时间：正方 { $pro } 字 · 反方 { $con } 字。
dd-over-draw = 🏁 辩论结束：平局。记分卡如下。
dd-over-win = 🏁 辩论结束：**{ $side }**获胜。记分卡如下。
dd-handed = 🧭 { $from }把发言权交给{ $to }
dd-handed-with = 🧭 { $from }把发言权交给{ $to }：“{ $direction }”
dd-team-note = 📝 { $seat }：{ $text }
dd-limits = 字数上限：立论 { $opening } · 质询提问 { $question } · 回答 { $answer } · 小结 { $summary } · 总结陈词 { $closing } · 自由辩论每队 { $clock } 字。
dd-penalty = { $who }：{ $points }（{ $rule }）
dd-scored = { $seat }：{ $points } 分（逻辑 { $logic }，说服力 { $persuasion }，表达 { $expression }，团队配合 { $teamwork }，规则 { $rules }）
dd-scored-offline = { $seat }：{ $points } 分（逻辑 { $logic }，说服力 { $persuasion }，表达 { $expression }，团队配合 { $teamwork }，规则 { $rules }）· 离线
dd-ask-announce = 🎤 { $seat } — { $ask }。
dd-paused = ⏸️ 辩论暂停：{ $reason }。存储恢复响应后会自动继续。
dd-goes-on = ▶️ 辩论继续。
dd-restarted = ♻️ 机器人重启了：辩论继续（{ $turn }）。
dd-stopped = 🛑 辩论已中止（记为弃赛）。

## What a turn asks for
dd-ask-free-own = 自由辩论发言（本队时间还剩 { $words }）
dd-ask-free = 自由辩论发言（{ $side }时间还剩 { $words }）
dd-ask-speak-own = 你的{ $part }（上限 { $words }）
dd-ask-speak = { $part }（上限 { $words }）
dd-ask-question-own = 你的质询提问（只能提问，上限 { $words }），由{ $a }或{ $b }回答
dd-ask-question = 质询提问（只能提问，上限 { $words }），由{ $a }或{ $b }回答
dd-ask-judge = 评委评分

## A person's call
dd-call = 🎤 { $seat } — { $ask }。截止时间 <t:{ $at }:R>。
dd-call-captain = 队长的安排：“{ $direction }”
dd-call-how-question = 先选择由谁回答，再在这里输入你的提问（可以分成多条消息），然后点 **完成**；也可以点 **撰写发言**。
dd-call-how-hand = 在这里输入你的发言（可以分成多条消息）后点 **完成**，也可以点 **撰写发言**，或把发言权交给队友。
dd-call-how = 在这里输入你的发言（可以分成多条消息）后点 **完成**，也可以点 **撰写发言**。
dd-progress = ✍️ { $words } / { $limit } 字{ $over }{ $target }
dd-progress-over = {" "}— 已超出上限：发言会保留，但要扣分
dd-progress-target = {" "}· 由{ $seat }回答
dd-progress-no-target = {" "}· 尚未选择回答者
dd-closed-call = 🎤 { $seat } — { $how }
dd-closed-skipped = 时间已到：本轮跳过。
dd-closed-handed = 发言权已移交。
dd-closed-rested = 本队已结束陈述。
dd-closed-done = 完成：发言已提交。
dd-closed-free-over = 自由辩论已结束。
dd-closed-again = 发言权又回到了你手中：新的点名在下方。
dd-closed-time = 撰写时间已到：发言权重新开放。
dd-button-done = 完成
dd-button-write = 撰写发言
dd-pick-answerer = 由谁回答你的提问？
dd-pick-teammate = ……或把发言权交给队友
dd-form-title-questions = 你的提问
dd-form-title-speech = 发言
dd-form-questions = 你的提问（上限 { $words }）
dd-form-free = 你的发言（还剩 { $words }）
dd-form-speak = 你的{ $part }（上限 { $words }）
dd-form-scores = 评分

## The free debate's floor
dd-floor-button = 🙋 我要发言
dd-floor = 🙋 自由辩论中，不论主持人点到谁，任何辩手都可以发言：点下方按钮，输入发言后点“完成”。扣分按规则判定（对方还有时间时，同一队连续发言两次扣 3 分）。
dd-floor-over = 🙋 自由辩论已结束。

## Refusals of a call's controls, a form, the floor
dd-not-yours = 这不是你的点名：只有被点名的辩手才能使用。
dd-nothing-written = 还没有写任何内容：请在频道里输入发言（或点“撰写发言”），然后点“完成”。
dd-pick-first = 请先选择由谁回答你的提问（“完成”上方的菜单）；你写的内容会保留。
dd-debate-ended = 辩论已经结束。
dd-pick-one-of-two = 请从可以回答的两人中选一位。
dd-pick-a-teammate = 请选择一位队友。
dd-floor-not-debater = 只有辩手才能发言。
dd-floor-call-open = 你已经有一个进行中的点名：请输入发言，并在那条点名上点“完成”。
dd-floor-pro-first = 自由辩论由正方先发言：请稍候。
dd-floor-spent = { $side }的自由辩论时间已经用完。
dd-form-empty = 表单是空的，所以没有提交任何内容；你在频道里输入的内容会保留。写好发言后点“完成”。
dd-form-moved = 你的点名已更新（发言权回到了你手中）：你的文字已放进新的点名——请在那里点“完成”。
dd-speech-in = ✅ 你的发言已提交。
dd-refused = 未被接受：{ $why }

## The status
dd-status-lobby = **团队辩论报名中** — 8 个席位中已有 { $n } 个由真人入座（其余由 AI 辩手担任）。
dd-status-motion = 辩题：{ $motion }
dd-status-running = **团队辩论** — { $turn }
dd-status-no-speech = 还没有人发言。
dd-status-one-speech = 已有 1 篇发言。
dd-status-speeches = 已有 { $n } 篇发言。
dd-status-clocks = 剩余时间：正方 { $pro } 字 · 反方 { $con } 字。
dd-status-starting = 辩论正在开始。
dd-status-ended = 这里的辩论刚刚结束。
dd-turn = { $stage }；{ $seat }发言中
dd-turn-begins = 辩论开始

## The scorecard and the judge's notes
dd-card-draw = 🏁 辩论结果：平局
dd-card-win = 🏁 { $side }赢得本场辩论
dd-card-ended = 🏁 辩论已结束
dd-card-totals = 正方 **{ $pro }** · 反方 **{ $con }**
dd-card-totals-title = 队伍总分
dd-card-best = 最佳辩手
dd-card-penalties = 扣分
dd-card-none = 无。
dd-card-line = { $seat } · { $part }：**{ $score }**
dd-card-footer-offline = 标为离线的分数由内置的启发式评委评出（未使用语言模型）。
dd-card-footer = 分数由 AI 评委给出；总分、扣分和胜负均按规则计算。
dd-notes-title = 📋 **各篇发言的得分理由**
dd-notes-line = **{ $seat }** · { $part }：**{ $points }** 分（逻辑 { $logic }，说服力 { $persuasion }，表达 { $expression }，团队配合 { $teamwork }，规则 { $rules }）{ $note }
dd-notes-note = ——{ $note }
dd-review = 🧑‍⚖️ **评委点评**
dd-review-offline = 🧑‍⚖️ **评委点评（离线）**
dd-live-scores-team-only = 即时计分仅适用于团队赛（主持式辩论每轮结束即公布得分；社交辩论的得分随结果公布）
