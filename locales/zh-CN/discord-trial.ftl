# Discord 上的 AI 庭审（crates/discord/src/trial/）：报名、案情、陪审员讨论串、法庭辩论
# 结束、陪审团评议、裁决、状态和各种拒绝提示。双方、票和模式的名称见 trial.ftl。

## The lobby
dt-lobby-title = ⚖️ 庭审 — { $title }
dt-lobby-mode = 模式：**{ $mode }**
dt-lobby-seat = **{ $n }.** { $name }
dt-lobby-seat-side = **{ $n }.** { $name }（{ $side }）
dt-lobby-nobody = 还没有人加入。
dt-lobby-how-defense = 所有人都为“无罪”辩护：说服过半数的陪审员。每位陪审员都有一个讨论串，你在那里写的话会说给这位陪审员听。
dt-lobby-how-adversarial = 加入辩方（无罪）或控方（有罪）；没有人加入的一方由 AI 律师担任。每位陪审员都有一个讨论串，你在那里写的话会说给这位陪审员听。
dt-lobby-host-starts = { $how }由房主开始。
dt-button-join = 加入
dt-button-join-defense = 加入 · 辩方
dt-button-join-prosecution = 加入 · 控方
dt-button-leave = 离开
dt-button-start = 开始
dt-join-seated = 你已经有座位了（要换边请先点“离开”）。
dt-join-full = 座位已满（最多 8 名玩家）。
dt-join-defense-only = 辩护模式下所有人都为“无罪”辩护。
dt-no-seat = 你在这里没有座位。
dt-host-starts = 只有房主才能开始庭审。
dt-nobody-joined = 还没有人加入：请先加入，再开始。
dt-button-closed = 这个按钮已失效。
dt-control-closed = 这个控件已失效。
dt-lobby-ended = 这场庭审已经结束。
dt-lobby-started = 庭审已经开始：报名已关闭。
dt-old-lobby = 这次报名已关闭：这个按钮属于本频道之前的一局。

## /trial start and its refusals
dt-no-case = 未开始：没有案件 { $typed }。可选案件：{ $cases }。
dt-case-not-in-lang = 未开始：案件 { $case } 没有{ $lang }版本。有{ $lang }版本的案件：{ $cases }。
dt-lang-en = 英文
dt-lang-zh-CN = 中文
dt-case-gone = 案件 { $case } 已不在内容目录中
dt-could-not-start = 庭审未能开始：{ $why }。

## The start and the case
dt-advocate = 律师 { $n }（AI，{ $side }）
dt-thread-name = ⚖️ { $name } — { $occupation }
dt-first-message = **{ $name }**（{ $age } 岁，{ $occupation }）：{ $opening }
dt-first-how = *在这里写下你想对{ $name }说的话：每位玩家可以对这位陪审员发言 { $turns } 次。*
dt-started-title = ⚖️ 庭审开始
dt-started = **{ $title }** — 案情见下方；每位陪审员都有自己的讨论串。
dt-case-title = ⚖️ { $title }
dt-juror = **{ $name }**{ $occupation }
dt-juror-occupation = ，{ $occupation }
dt-juror-thread = **{ $name }**{ $occupation } — <#{ $thread }>
dt-card = `{ $id }` — { $title }
dt-none = 无
dt-case-question = **争议焦点：**{ $question }
dt-case-jury = **陪审团：**
dt-case-evidence = **证据**（`/审判 证据`，每件只能出示一次）：{ $cards }
dt-case-players = **玩家：**{ $players }
dt-case-how = 在陪审员的讨论串里和他们交谈；他们的想法不会公开——请留意他们的语气。房主用 `/审判 裁决` 结束法庭辩论。
dt-cards-sep = ；
dt-list = 、

## What is said
dt-a-player = 一位玩家
dt-replied = **{ $juror }** → { $player }：{ $text }
dt-hint = *（{ $hint }）*
dt-stated = **{ $juror }：**{ $text }
dt-responded = ↳ **{ $juror }：**{ $text }
dt-said = **{ $player }** 对{ $juror }说：{ $text }
dt-evidence-title = 📄 证据：{ $title }
dt-presented-by = *由{ $player }出示。*
dt-rests = { $player }陈述完毕。
dt-called-verdict = { $player }要求进行裁决。
dt-time-over = 法庭辩论时间已到。
dt-closed-title = 🔔 法庭辩论结束
dt-closed = { $why }陪审员们现在开始相互评议，然后投票。
dt-round = 🗣️ 评议第 { $round } 轮：**{ $juror }** 发言。
dt-restarted = ♻️ 机器人重启了：庭审从中断处继续。
dt-closes-at = ⏳ 法庭辩论将在 <t:{ $at }:R> 结束；所有人用完发言次数，或房主使用 `/审判 裁决` 时也会提前结束。
dt-paused = ⏸️ 庭审暂停：{ $reason }。正在重试……
dt-goes-on = ▶️ 庭审继续。
dt-stopped = 🛑 庭审已中止。
dt-not-said = <@{ $user }>，这句话没有传达给{ $juror }：{ $why }。
dt-not-said-ended = 庭审已经结束

## The verdict
dt-verdict-juror = **{ $juror }**：{ $vote } — 立场 { $from } → { $to }（{ $moved }）
dt-verdict-offline = *离线陪审员：发言内容按案件关键词归类。*
dt-verdict-one = 🔨 裁决：{ $verdict }，{ $won } 票对 { $lost } 票
dt-verdict-many = 🔨 裁决：{ $verdict }，{ $won } 票对 { $lost } 票

## /trial evidence, /trial verdict
dt-no-trial = 这个频道里没有庭审。
dt-evidence-closed = 法庭辩论已经结束：陪审团正在评议，不能再出示证据。
dt-ended = 庭审已经结束。
dt-players-only = 只有参与庭审的玩家才能出示证据。
dt-no-card = 本案没有证据 { $card }（证据：{ $cards }）。
dt-presented = 已出示：{ $title }。
dt-already-presented = “{ $title }”已经出示过了：每件证据只能出示一次。
dt-no-trial-under-way = 这里没有正在进行的庭审。
dt-verdict-who = 只有房主或管理员（拥有“管理消息”权限）才能要求裁决。
dt-verdict-nobody = 这里没有玩家可以要求裁决。
dt-verdict-called = 你已要求裁决：陪审团现在开始评议。
dt-verdict-already = 法庭辩论已经结束：陪审团正在评议。
dt-not-started-yet = 庭审还没有开始：由房主在报名处开始。
dt-stale = 这个操作已失效。
dt-refused = { $why }。

## The status
dt-status-lobby = **庭审报名中** — { $title }
dt-status-mode = 模式：{ $mode }；{ $joined }由房主开始。
dt-status-nobody = 还没有人加入。
dt-status-one = 已有 1 人加入。
dt-status-many = 已有 { $n } 人加入。
dt-status-running = **庭审** — { $stage }
dt-status-players = 玩家：{ $players }。
dt-status-jurors = 陪审员：{ $jurors }。
dt-status-starting = 庭审正在开始。
dt-status-ended = 这里的庭审刚刚结束。
dt-stage-argument = 法庭辩论进行中：玩家在讨论串里与陪审员交谈，直到房主使用 `/审判 裁决`。
dt-stage-argument-until = 法庭辩论进行中：玩家在讨论串里与陪审员交谈，将在 <t:{ $at }:R> 结束，房主也可以用 `/审判 裁决` 提前结束。
dt-stage-about-to = 法庭辩论已经结束：陪审团即将开始评议。
dt-stage-deliberating = 法庭辩论已经结束：陪审团正在评议（第 { $round } 轮）。
dt-stage-over = 陪审团已经投票；裁决如下。
