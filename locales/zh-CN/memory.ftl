# 语言模型狼人杀座位的记忆：它的提示词里由游戏写的行（公开记录、声明记录、私密信息和夜间记录）。
# 这里没有玩家原话；原话以加引号的 { $text } 传入。参数是座位号、座位列表（"2, 5"）、天数，
# 以及由其他键给出的词。

mem-list-sep = ，
mem-clause-sep = ；
mem-sentence-sep = 。
mem-part-sep = {""}
mem-none = 无

# 座位自己的夜间记录。
mem-wolf-picked = { $wolf } 号狼人选择刀 { $target } 号（第 { $round } 轮）
mem-wolf-no-pick = { $wolf } 号狼人没有选择（第 { $round } 轮）
mem-wolf-tie = 狼人的选择在 { $tied } 号之间平票
mem-wolf-attack = 狼人袭击 { $target } 号
mem-wolf-attack-none = 狼人空刀
mem-witch-told = 你得知 { $target } 号遭到袭击
mem-witch-told-none = 你得知今晚无人遭到袭击
mem-witch-saved = 你救了 { $target } 号
mem-witch-poisoned = 你毒了 { $target } 号
mem-seer-wolf = 你查验 { $target } 号：狼人
mem-seer-good = 你查验 { $target } 号：好人
mem-you-shot = 你开枪带走了 { $target } 号
mem-you-held = 你选择不开枪
mem-night = 第 { $night } 夜：{ $notes }

# 白天的公开事件。
mem-pk-among = 投票在 { $tied } 号之间平票：PK 发言，然后其余存活座位在他们之中重新投票
mem-pk-between = 投票在 { $tied } 号之间平票：PK 发言，然后其余存活座位在两人之间重新投票
mem-voted-out = { $seat } 号被放逐
mem-voted-out-none = 无人被放逐
mem-hunter-shot = { $hunter } 号猎人开枪带走 { $target } 号
mem-hunter-held = { $hunter } 号猎人没有开枪

# 公开记录：最近一天为全文，之前几天为摘要，更早的每天一行。
mem-nothing-yet = 暂无：第 1 夜刚刚降临
mem-earlier = 更早：{ $days }。
mem-outline = 第 { $day } 天：{ $parts }
mem-outline-peaceful = 平安夜
mem-outline-dead = 夜里死亡 { $dead } 号
mem-summary = 第 { $day } 天：
mem-summary-sentence = { $text }。
mem-peaceful = 平安夜
mem-died = 昨夜死亡：{ $dead } 号
mem-last-words = { $seat } 号发表了遗言
mem-full = 第 { $day } 天全文：
mem-dawn-peaceful = 天亮：平安夜。
mem-dawn-dead = 天亮：昨夜死亡 { $dead } 号。
mem-speech = { $seat } 号（第 { $day } 天{ $kind }）：{ $text }
mem-kind-speech = 发言
mem-kind-pk = PK 发言
mem-kind-last-words = 遗言
mem-votes-main = 首轮投票：{ $ballots }
mem-votes-pk = PK 投票：{ $ballots }
mem-ballot = { $voter }→{ $target }
mem-ballot-abstain = { $voter }→弃票

# 声明记录。
mem-claims-none = 暂无
mem-claims-line = { $who }{ $parts }。
mem-who-you = 你（{ $seat } 号）
mem-who-seat = { $seat } 号
mem-dated = { $what }（第 { $day } 天）
mem-dated-seat = { $seat } 号（第 { $day } 天）
mem-claimed = 声称是{ $roles }
mem-then = ，后改称
mem-report-wolf = { $seat } 号是狼人（第 { $day } 天）
mem-report-good = { $seat } 号是好人（第 { $day } 天）
mem-reported = 报出 { $reports }
mem-said-saved = 说自己救了 { $seats }
mem-said-poisoned = 说自己毒了 { $seats }
mem-accused = 指控 { $seats }
mem-pledged = 承诺投票给 { $seats }
mem-retracted = 说自己从未报过或指控过 { $seats }
mem-day = 第 { $day } 天
mem-denied = 否认自己是狼人（{ $days }）

# 座位的私密信息。
mem-you-are = 你是 { $seat } 号，身份是{ $role }。
mem-wolves = 狼人是 { $wolves } 号。
mem-check-wolf = { $seat } 号=狼人
mem-check-good = { $seat } 号=好人
mem-checks = 你的查验：{ $checks }。
mem-potions = 解药{ $antidote }，毒药{ $poison }。
mem-unused = 未用
mem-used = 已用
mem-may-shoot = 你即将死亡：现在可以开枪带走一个存活座位，也可以不开枪。
mem-may-not-shoot = 你今晚被毒死：按本局规则你不能开枪。
mem-hunter-alive = 你还活着，所以现在没有枪可开：只有在你死亡时才有开枪的权利。
mem-alive = 存活：{ $alive } 号。
