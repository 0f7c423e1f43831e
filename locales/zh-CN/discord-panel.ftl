# Discord 上的主持式辩论与社交辩论：大厅、按钮与拒绝提示、发言召唤、频道消息、状态、计分卡、认输。

## 标题与用词
dp-title-moderated = 主持式辩论
dp-title-social = 社交辩论
dp-title-team = 团队辩论
dp-rounds-one = 共 1 轮
dp-rounds = 共 { $n } 轮
dp-words-one = 1 字
dp-words = { $n } 字
dp-a-participant = 一位辩手
dp-referee-moderated = 主持人正在为本轮评分
dp-referee-social = 评估员正在权衡各方发言

## 大厅
dp-lobby-title = 🎙️ { $title } — 大厅
dp-motion = **辩题：**{ $motion }
dp-lobby-count = { $rounds } · { $n } 位辩手（空位由 AI 补上）{ $options }
dp-lobby-nobody = 还没有人加入。
dp-lobby-side = （{ $side }，{ $firm }）
dp-lobby-how-social = 选择支持或反对辩题加入；说服他人、坚守立场，或用 `/debate concede` 认输。由房主开始。
dp-lobby-how-moderated = 加入后每轮依次发言；中立的主持人为每一轮和整场辩论评分。由房主开始。
dp-firm-open = 愿意被说服
dp-firm-firm = 坚定
dp-firm-immovable = 毫不动摇
dp-option-length = 发言篇幅：{ $length }
dp-option-pace = 节奏 { $pace }（计时{ $how }）
dp-pace-shorter = 缩短
dp-pace-longer = 延长
dp-pace-as-set = 按设定
dp-button-join = 加入
dp-button-for = 加入 · 支持
dp-button-against = 加入 · 反对
dp-button-leave = 离开
dp-button-start = 开始
dp-firmness-option = 你对立场的坚定程度：{ $name }
dp-firmness-placeholder = 你有多坚持自己的立场？（加入后选择）

## 点击后只有本人看到的回复
dp-ended = 这场辩论已经结束。
dp-already-started = 辩论已经开始：这个大厅已关闭。
dp-have-seat = 你已经有座位了（要换边请先离开）。
dp-full = 座位已满（最多 8 人）。
dp-pick-one = 请从选项中选一个。
dp-join-first = 请先加入（支持或反对），再选择坚定程度。
dp-no-seat = 你在这里没有座位。
dp-only-host = 只有房主可以开始辩论。
dp-button-closed = 这个按钮已失效。
dp-not-yours = 这不是你的发言召唤：只有被点名的辩手可以使用。
dp-call-closed = 这次发言召唤已关闭。
dp-handed-in = 已提交。
dp-control-closed = 这个控件已失效。
dp-why-ended = 辩论已经结束
dp-why-not-your-turn = 还没轮到你
dp-why-nothing-typed = 还没有输入内容：请先在频道里输入你的发言，再按“完成”
dp-why-too-late = 发言时间已过

## 状态
dp-status-lobby = **{ $title }大厅** — { $joined }由房主开始。
dp-status-motion = 辩题：{ $motion }
dp-status-running = **{ $title }** — { $progress }
dp-status-starting = 辩论正在开始。
dp-status-closed = 这里的辩论刚刚结束。
dp-joined-none = 还没有人加入。
dp-joined-one = 已有 1 人加入。
dp-joined = 已有 { $n } 人加入。
dp-progress-ended = 辩论已经结束，计分卡随后公布。
dp-progress-opening = 辩论即将开场。
dp-progress-round = 第 { $round } 轮（共 { $rounds } 轮）
dp-progress-all-in = { $round }：所有发言已提交，{ $referee }。
dp-progress-speaking = { $round }：{ $name } 正在发言{ $when }。{ $next }
dp-progress-when = （<t:{ $t }:R>截止）
dp-progress-next = 接下来：{ $names }。

## 频道里的辩论
dp-could-not-start = 辩论无法开始：{ $why }。
dp-started-title = 🎙️ 辩论开始了
dp-started-how = 轮到你时会在这里点名：在频道里输入你的发言，然后按“完成”（或输入 `done`）。
dp-seating = { $who } — **{ $side }**辩题
dp-restarted = ♻️ 机器人已重启：辩论从中断处继续。
dp-paused = ⏸️ 辩论暂停：{ $reason }。正在重试……
dp-resumed = ▶️ 辩论继续。
dp-stopped = 🛑 辩论已被终止。
dp-mod-opened = 🎙️ 主持式辩论（{ $style }，{ $rounds }，{ $participants } 位辩手）：{ $motion }
dp-mod-round = 🔔 第 { $round } 轮 — 发言顺序：{ $order }。
dp-social-opened = 🎙️ 社交辩论（{ $rounds }）：{ $motion }
dp-social-where = 各方立场：{ $who }。
dp-social-start = { $name }（{ $side }，立场 { $stance }，信念 { $conviction }）
dp-social-round = 🔔 第 { $round } 轮。

## 发言召唤
dp-button-done = 完成
dp-call-open = 🎤 <@{ $user }>，请发表你第 { $round } 轮的发言：最多 { $limit } 字。在这里输入（可分多条消息），然后按“完成”或输入 `done` — <t:{ $t }:R>。
dp-call-count = ✍️ 已输入 { $words } / { $limit } 字{ $over } — 按“完成”或输入 `done` 提交。
dp-call-over = （超出字数上限）
dp-call-closed-text = 🎤 <@{ $user }>，你第 { $round } 轮的发言 — { $what }
dp-call-handed-in = 已提交（{ $words }）。
dp-call-timed-out = 已关闭：时间已到，本轮发言错过了。
dp-call-conceded = 已关闭：你已认输。
dp-call-ended = 已关闭：辩论已经结束。

## 计分卡
dp-scorecard = 🏁 计分卡
dp-score-social = { " " }— 立场 { $stance }，信念 { $conviction }{ $gave_in }
dp-score-gave-in = ，已认输
dp-score-moderated = { " " }— 各轮 { $rounds }/30，总评 { $evaluation }/100
dp-verdict = **结果：**{ $kind }{ $offline }
dp-offline = { " " }· 离线评分

## 认输（`/debate concede`）
dp-concede-nothing = 这里没有可认输的辩论：认输只适用于社交辩论。
dp-concede-moderated = 主持式辩论不能认输：请发言，或让时间耗尽。
dp-concede-not-started = 辩论还没有开始。
dp-concede-ended = 辩论已经结束。
dp-concede-not-debating = 你没有在这里参加辩论。
dp-concede-done = 你已认输：本场辩论中你不再发言。
dp-concede-again = 你已经认输了：本场辩论中你不再发言。
