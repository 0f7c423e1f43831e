# Discord 上各个游戏的牌桌共用的话（crates/discord/src/tables.rs、game_table.rs、
# events.rs、guards.rs、send.rs）：结束与状态、拒绝、过期与失败的点击。

table-what-game = 对局
table-what-debate = 辩论
table-what-trial = 审判
table-none = 本频道没有进行中的游戏。
table-none-open = 本频道没有进行中的游戏。用 { $open } 开一局。
table-none-what = 本频道没有进行中的{ $what }。
table-starting = { $what }正在开始，请稍后再试。
table-stop-who = 只有房主或管理员（管理消息权限）可以结束这场{ $what }。
table-stopped-abandoned = 🛑 { $user } 结束了这场{ $what }（记为中止）。
table-stopped = 🛑 { $user } 结束了这场{ $what }。
table-lobby-closed = 🛑 { $what }等候室已关闭。
table-taken = 本频道已经有一场游戏（每个频道一场）：{ $link }
table-old-lobby = 这个等候室已关闭：这个按钮属于本频道之前的一局。
table-lobby-ended = 这个等候室已关闭：那一局已经结束。
table-choice-closed = 这个选项已经关闭。
table-form-moved = 表单暂时无法打开（对局已转到另一个机器人进程）：请再按一次按钮。
table-form-failed = 这个表单出了点问题：请查看对局消息，必要时再试一次。
table-click-failed = 这次点击出了点问题：请查看对局消息，必要时再试一次。
table-command-failed = 出了点问题：{ $error }。没有做任何改动，请再试一次。
table-slow-clicks = 慢一点：点击太频繁了。请过几秒再试。
table-slow-command = 慢一点：请 { $secs } 秒后再试。
