# 5–16 人狼人杀板子在 Discord 桌上：选板子、警长、大板子的行动与事件、自爆与退水的按钮、墓地。

## 选板子（`/werewolf start board: seats:`）与大厅。
wwb-board-line = 🎲 板子：**{ $name }**，{ $seats } 人：{ $deck }。
wwb-deck-part = { $role } ×{ $count }
wwb-choice = { $name }（{ $seats } 人）
wwb-err-no-board = 没有叫“{ $board }”的板子；现有板子：{ $boards }
wwb-err-no-seats = 没有 { $seats } 人的板子；现有板子的人数：{ $counts }
wwb-err-mismatch = 板子 { $name } 是 { $board_seats } 人局，不是 { $seats } 人；请不填 `seats`，或选一个 { $seats } 人的板子：{ $boards }

## 频道。
wwb-board = 🎲 本局板子：**{ $name }**。
wwb-revealed-role = 🪪 **{ $seat }** 的身份是 **{ $role }**。
wwb-revealed-side = 🪪 **{ $seat }** 属于 **{ $side }** 阵营。
wwb-idiot = 🃏 **{ $seat }** 翻牌：白痴。留在场上，但此后不能再投票。
wwb-exploded = 💥 **{ $seat }** 自爆：是狼人。白天立即结束。
wwb-taken = 💥 白狼王 **{ $king }** 带走了 **{ $target }**。
wwb-king-shoots = 🏹 狼王 **{ $king }** 开枪带走了 **{ $target }**。
wwb-king-holds = 🏹 狼王 **{ $king }** 没有开枪。
wwb-runners = 🎖️ 上警：{ $seats }。按座位顺序发表竞选发言；投票前候选人随时可以退水。
wwb-runners-none = 🎖️ 无人上警：本局没有警长。
wwb-withdrew = 🏳️ **{ $seat }** 退水，退出警长竞选。
wwb-elected = 🎖️ **{ $seat }** 当选警长：投票算 1.5 票，并最后发言。
wwb-elected-none = 🎖️ 没有选出警长：本局没有警长。
wwb-badge-passed = 🎖️ 警长 **{ $from }** 把警徽移交给 **{ $to }**。
wwb-badge-torn = 🎖️ 警长 **{ $from }** 撕掉了警徽：此后没有警长。
wwb-badge-lost = 🎖️ 警徽随 **{ $seat }** 流失：此后没有警长。
wwb-order-up = 🔃 警长 **{ $sheriff }** 决定从其后一位开始发言（警上顺序），警长最后发言。
wwb-order-down = 🔃 警长 **{ $sheriff }** 决定从其前一位开始发言（逆序），警长最后发言。
wwb-called = 📣 警长 **{ $sheriff }** 归票 **{ $target }**。
wwb-called-none = 📣 警长 **{ $sheriff }** 不归票。
wwb-speech-campaign = 🗣️ **{ $seat }**（竞选）：{ $text }
wwb-votes-sheriff = 🎖️ **警长竞选**
wwb-call-campaign = 你的竞选发言（输入 **退水** 可退出竞选）

## 上警与警长投票的消息。
wwb-signup = 🎖️ **警长竞选**：你要上警吗？候选人依次竞选发言，其余人投票；警长投票算 1.5 票。
wwb-run = 上警
wwb-dont-run = 不上警
wwb-signup-closed = 🎖️ 上警已截止。
wwb-board-sheriff = 🎖️ **警长投票**：从候选人中选出警长。所有人投完之前，选票保密。
wwb-board-sheriff-closed = 🎖️ 警长投票：投票已结束，结果见下。

## 座位自己的消息与按钮。
wwd-help-guard = 每晚守护一个活着的座位（可以守自己）或不守，不能连续两晚守同一个人。守卫只挡狼刀。
wwd-help-idiot = 被放逐时翻牌亮明身份，留在场上，但此后不能投票。
wwd-help-wolf_king = 你是狼人（在此私信中与狼队交流）。被放逐或被狼刀时可以开枪带走一人；被毒或自爆则不能。
wwd-help-white_wolf_king = 你是狼人（在此私信中与狼队交流）。白天发言阶段可以自爆，并带走另一个活着的座位。
wwb-king-may-shoot = 👑 你今晚死亡，可以开枪。
wwb-king-poisoned = 👑 你今晚被毒死，不能开枪。
wwb-prompt-guard = 🛡️ **今晚守护一个活着的座位（可以守自己），也可以不守。**
wwb-prompt-guard-last = 🛡️ **今晚守护一个活着的座位（可以守自己），也可以不守。**不能守 **{ $seat }**：昨晚守过。
wwb-prompt-king = 👑 **你出局了：可以开枪带走一个活着的座位，也可以不开枪。**
wwb-prompt-badge = 🎖️ **你作为警长出局：把警徽移交给一个活着的座位，或撕掉警徽。**
wwb-prompt-order = 🔃 **你是警长：选择今天从谁开始发言。**你最后发言。
wwb-prompt-call = 📣 **归票：指定你希望大家放逐的座位，或不归票。**
wwb-prompt-run = 🎖️ **要上警吗？**请在频道里的上警消息上选择。
wwb-pick-guard = 守护…
wwb-guard-last = 昨晚守过：不能连守
wwb-guard-nobody = 不守
wwb-pick-king = 开枪带走…
wwb-king-hold = 不开枪
wwb-pick-badge = 把警徽移交给…
wwb-tear = 撕掉警徽
wwb-order-up-button = 从我后一位开始
wwb-order-down-button = 从我前一位开始
wwb-pick-call = 归票给…
wwb-call-none = 不归票
wwb-chose-guard = 你守护 { $target }
wwb-chose-guard-none = 你今晚不守
wwb-chose-king = 你开枪带走 { $target }
wwb-chose-king-hold = 你不开枪
wwb-chose-run = 你上警
wwb-chose-no-run = 你不上警
wwb-chose-withdraw = 你退水了
wwb-chose-badge = 你把警徽移交给 { $target }
wwb-chose-tear = 你撕掉了警徽
wwb-chose-order-up = 从你后一位开始发言
wwb-chose-order-down = 从你前一位开始发言
wwb-chose-call = 你归票 { $target }
wwb-chose-call-none = 你不归票
wwb-chose-explode = 你自爆了
wwb-chose-explode-take = 你自爆并带走 { $target }

## 退水与自爆（不会被问到：通过私信提供）。
wwb-withdraw-note = 🏳️ 你在竞选警长。投票前随时可以退水：按下按钮，或轮到你发言时输入 **退水**。
wwb-withdraw-button = 退水
wwb-explode-note = 💥 白天发言阶段：作为狼人你随时可以自爆。白天立即结束，全场会知道你是狼人。
wwb-explode-note-king = 💥 白天发言阶段：作为白狼王你随时可以自爆，并带走一个活着的座位。白天立即结束。
wwb-explode-button = 自爆
wwb-explode-take = 自爆并带走…
wwb-explode-alone = 只自爆

## 墓地：桌子的私密子区，给出局者和观战者。
wwb-graveyard-name = 墓地
wwb-graveyard-intro = 🪦 本桌的墓地：出局者和观战者在这里聊天。场上的人听不到你们，对局进行中这里不会出现任何秘密信息。
wwb-graveyard-intro-roles = 🪦 本桌的墓地：出局者和观战者在这里聊天。场上的人听不到你们。房主选择让墓地看到每个座位的身份（晚一个阶段）：第一夜结束后会发在这里。请勿外传。
wwb-graveyard-roles = 📜 **全部身份**（晚一个阶段，房主的选择）：
wwb-lobby-graveyard-roles = 🪦 墓地将看到全部身份，晚一个阶段（房主的选择）。
wwb-graveyard-dead = 🪦 **{ $seat }** 进入墓地。观战人数：{ $count }。
wwb-graveyard-spectator = 👀 <@{ $user }> 在墓地观战。观战人数：{ $count }。
wwb-graveyard-welcome = 🪦 你已离开场上的讨论：活着的人听不到你了。可以在 <#{ $thread }> 和其他出局者、观战者聊天。
wwb-hushed = 🤫 你已出局：场上听不到你，你在本桌频道里的消息会被删除（活人不能看到出局者的话）。请到墓地聊天：<#{ $thread }>。
wwb-spectate-ok = 👀 你正在墓地观战：<#{ $thread }>。
wwb-spectate-playing = 你还在这桌对局中：墓地只给出局者和观战者。
wwb-spectate-none = 这个频道没有正在进行的狼人杀对局。
wwb-spectate-failed = 无法打开墓地：{ $why }
wwb-board-ai-signup = （AI 座位自行决定。）

## 板子相关的命令选项（见 `commands.ftl`）。
cmd-werewolf-start-opt-board = 板子
cmd-werewolf-start-opt-board-desc = 板子：人数、身份与规则（默认：九人局 seed9）
cmd-werewolf-start-opt-seats = 人数
cmd-werewolf-start-opt-seats-desc = 多少个座位；只填人数时，选该人数的标准板子
cmd-werewolf-start-opt-graveyard_roles = 墓地身份
cmd-werewolf-start-opt-graveyard_roles-desc = 墓地可以看到全部身份，晚一个阶段（默认：关）
cmd-werewolf-spectate = 观战
cmd-werewolf-spectate-desc = 在本频道对局的墓地子区观战（未入座或已出局）。
wwb-votes-sheriff-ballot = { $seat }（警长，1.5 票）
