# 九人局以外的狼人杀：守卫、白痴、狼王、白狼王、自爆与警长的身份、行动与故事行。

ww-role-guard = 守卫
ww-role-idiot = 白痴
ww-role-wolf_king = 狼王
ww-role-white_wolf_king = 白狼王

ww-ask-guard-pick = 守卫守护
ww-ask-king-shot = 狼王开枪
ww-ask-sheriff-run = 警长上警
ww-ask-campaign-speech = 竞选发言
ww-ask-sheriff-vote = 警长投票
ww-ask-badge-pass = 移交警徽
ww-ask-speaking-order = 发言顺序
ww-ask-sheriff-call = 警长归票

ww-guard-picked = 守卫守护 { $target } 号。
ww-guard-none = 守卫今晚空守。
ww-king-lives = 狼王得知：他今晚存活。
ww-king-may-shoot = 狼王得知：他今晚死亡，可以开枪。
ww-king-poisoned = 狼王得知：他今晚被毒死，不能开枪。
ww-king-shoots = { $king } 号狼王开枪带走 { $target } 号。
ww-king-holds = { $king } 号狼王没有开枪。
ww-died-exploded = { $seat } 号死亡（自爆）。
ww-died-taken = { $seat } 号死亡（被白狼王带走）。
ww-revealed-role = { $seat } 号的身份是{ $role }。
ww-revealed-side = { $seat } 号属于{ $side }阵营。
ww-idiot-revealed = { $seat } 号被放逐，翻牌亮出白痴：他留在场上，此后没有投票权。
ww-exploded = { $wolf } 号自爆：他是狼人。白天立即结束。
ww-taken = { $king } 号白狼王带走了 { $target } 号。
ww-sheriff-nobody-runs = 无人上警。
ww-sheriff-runners = 上警的是 { $running } 号。
ww-withdrew = { $seat } 号退水，退出警长竞选。
ww-sheriff-elected = { $seat } 号当选警长。
ww-sheriff-none = 本局没有警长。
ww-badge-passed = 警长 { $from } 号把警徽移交给 { $to } 号。
ww-badge-torn = 警长 { $from } 号撕掉了警徽：此后没有警长。
ww-badge-lost = 警徽随 { $seat } 号流失：此后没有警长。
ww-order-up = 警长 { $sheriff } 号选择从他的下一位开始发言，自己最后发言。
ww-order-down = 警长 { $sheriff } 号选择从他的上一位开始发言，自己最后发言。
ww-sheriff-called = 警长 { $sheriff } 号归票 { $target } 号。
ww-sheriff-calls-none = 警长 { $sheriff } 号没有归票。
ww-speech-campaign = { $seat } 号（竞选）发言：“{ $text }”
ww-votes-sheriff = 警长投票：{ $ballots }。
ww-votes-sheriff-pk = 警长 PK 投票：{ $ballots }。
ww-board = 板子：{ $board }。
ww-full-nights = 🌙 本板子每晚都走满时间，无论谁还活着：夜晚的长短不透露任何信息。

# 模型座位对大板子的记忆。
mem-kind-campaign = 竞选发言
mem-votes-sheriff = 警长投票：{ $ballots }
mem-votes-sheriff-pk = 警长 PK 投票：{ $ballots }

# 大板子里座位的出局方式，以及它们在 Discord 上的行动。
ww-fall-king-shot = 被狼王开枪带走
ww-fall-exploded = 自爆
ww-fall-taken = 被白狼王带走
wwd-prompt-other = 现在轮到你：{ $ask }。
wwd-chose-other = ✅ 已提交（{ $action }）。
ww-end-exploded = 在第 { $day } 天自爆
ww-end-taken = 在第 { $day } 天被白狼王带走
ww-type-other = { $allowed }（座位：{ $targets }）
ww-prompt-other = 你的{ $ask }

# 大板子上规则的拒绝理由。
ww-refused-allowed-guard-pick = 守 <座位号> 或 过
ww-refused-allowed-sheriff-run = 上警 或 过
ww-refused-allowed-campaign-speech = 发言 或 退水
ww-refused-allowed-badge-pass = 警徽 <座位号> 或 撕警徽
ww-refused-allowed-speaking-order = up（从下一位开始）或 down（从上一位开始）
ww-refused-allowed-sheriff-call = 归票 <座位号> 或 过
ww-refused-got-run = 上警
ww-refused-got-withdraw = 退水
ww-refused-got-order = 发言顺序
ww-refused-guard-repeat = 守卫不能连续两晚守护 { $seat } 号
ww-refused-no-abstain = 本板子现在不允许弃票
ww-refused-cannot-explode = { $seat } 号现在不能自爆（须是存活的狼人，在白天发言阶段，且板子允许自爆）
ww-refused-cannot-withdraw = { $seat } 号不是现在可以退水的警长候选人
ww-refused-explode-target = { $seat } 号不是白狼王可以带走的存活座位
ww-start-watch-n = { $seats } 名 AI 玩家；你观看公开的对局。
ww-ballot-sheriff = { $voter }→{ $target }（警长，1.5 票）
