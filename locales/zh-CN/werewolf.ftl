# 狼人杀：一局的经过，每个事件一行（回放、终端）。
# 参数是座位号、座位列表（"2, 5"），以及由其他键给出的词。

ww-role-werewolf = 狼人
ww-role-villager = 村民
ww-role-seer = 预言家
ww-role-witch = 女巫
ww-role-hunter = 猎人

ww-side-good = 好人
ww-side-wolves = 狼人

ww-ask-wolf-pick = 狼人选刀
ww-ask-witch = 女巫用药
ww-ask-seer-check = 预言家查验
ww-ask-hunter-shot = 猎人开枪
ww-ask-speech = 发言
ww-ask-pk-speech = PK 发言
ww-ask-last-words = 遗言
ww-ask-vote = 投票
ww-ask-pk-vote = PK 投票

ww-role-dealt = { $seat } 号是{ $role }。
ww-wolf-pack = 狼人是 { $wolves } 号。
ww-night-fell = ── 第 { $night } 夜，天黑请闭眼。
ww-wolf-picked = { $wolf } 号狼人选择刀 { $target } 号。
ww-wolf-picked-again = { $wolf } 号狼人选择刀 { $target } 号（第二轮）。
ww-wolf-no-pick = { $wolf } 号狼人没有选择。
ww-wolf-no-pick-again = { $wolf } 号狼人没有选择（第二轮）。
ww-wolf-tie = 狼人的选择在 { $tied } 号之间平票，重新选择。
ww-wolf-attack-lot = 再次平票：抽签落在 { $target } 号。狼人袭击 { $target } 号。
ww-wolf-attack = 狼人袭击 { $target } 号。
ww-wolf-attack-none = 狼人今晚空刀。
ww-witch-told = 女巫得知：今晚 { $target } 号被袭击。
ww-witch-told-none = 女巫得知：今晚无人被袭击。
ww-witch-saved = 女巫救了 { $target } 号。
ww-witch-poisoned = 女巫毒了 { $target } 号。
ww-seer-wolf = 预言家查验 { $target } 号：狼人。
ww-seer-good = 预言家查验 { $target } 号：好人。
ww-hunter-lives = 猎人得知：他今晚存活。
ww-hunter-may-shoot = 猎人得知：他今晚死亡，可以开枪。
ww-hunter-poisoned = 猎人得知：他今晚被毒死，不能开枪。
ww-died-attack = { $seat } 号死亡（被狼人杀害）。
ww-died-poison = { $seat } 号死亡（被毒死）。
ww-died-shot = { $seat } 号死亡（被猎人枪杀）。
ww-died-vote = { $seat } 号死亡（被放逐）。
ww-dawn-peaceful = ── 第 { $day } 天。天亮了：昨夜是平安夜，无人死亡。
ww-dawn-one = ── 第 { $day } 天。天亮了：昨夜 { $dead } 号死亡。
ww-dawn-many = ── 第 { $day } 天。天亮了：昨夜 { $dead } 号死亡。
ww-speech = { $seat } 号发言：“{ $text }”
ww-speech-pk = { $seat } 号（PK）发言：“{ $text }”
ww-speech-last = { $seat } 号（遗言）：“{ $text }”
ww-vote-sealed = { $voter } 号投票给 { $target } 号（密封）。
ww-abstain-sealed = { $voter } 号弃票（密封）。
ww-votes = 投票：{ $ballots }。
ww-votes-pk = PK 投票：{ $ballots }。
ww-votes-none = 无人投票
ww-ballot-abstain = { $voter }→弃票
ww-pk-called = 投票在 { $tied } 号之间平票：PK 发言，然后其他人重新投票。
ww-voted-out = { $seat } 号被放逐。
ww-voted-out-none = 无人被放逐。
ww-hunter-shoots = { $hunter } 号猎人开枪带走 { $target } 号。
ww-hunter-holds = { $hunter } 号猎人没有开枪。
ww-defaulted = { $seat } 号没有按时行动（{ $ask }）：按默认处理。
ww-scored = GPP：{ $seat } 号 { $points }（{ $reason }）。
ww-game-over-draw = 游戏结束：平局。身份：{ $roles }
ww-game-over = 游戏结束：{ $side }获胜。身份：{ $roles }

# 终端上的一局结束：未公布的死亡、胜负如何决定、计分板。
ww-end-attack = 在第 { $night } 夜被狼人杀害
ww-end-poison = 在第 { $night } 夜被女巫毒死
ww-end-shot = 被猎人枪杀
ww-end-vote = 在第 { $day } 天被放逐
ww-end-untold = { $seat } 号（{ $role }）{ $how }。
ww-end-why-good = 狼人已全部出局
ww-end-why-gods = 神职（预言家、女巫、猎人）已全部出局
ww-end-why-villagers = 村民已全部出局
ww-end-clock = 时间到：第 { $day } 天结束时双方都有人存活，平局。
ww-end-decided-when = 胜负已定：{ $seat } 号（{ $role }）{ $how }，{ $why }。
ww-end-decided = 胜负已定：{ $why }。
ww-end-before-dawn = 天亮之前：
ww-end-result-good = 好人阵营获胜
ww-end-result-wolves = 狼人阵营获胜
ww-end-result-draw = 平局，无人获胜
ww-end-game-over = == 游戏结束：{ $result }。
ww-end-header = 座位  身份      GPP  结果    玩家
ww-end-won = 胜
ww-end-lost = 负

# 终端上的一局开始。
ww-start = 狼人杀，对局 { $session }（种子 { $seed }）。{ $who }
ww-start-watch = 九名 AI 玩家；你观看公开的对局。
ww-start-play = 你扮演 { $seats }（随机抽取）；其余座位由 AI 扮演。输入“退出”离开（对局会保存），输入“结束对局”结束本局，输入“帮助”查看可用指令。
ww-start-seat = { $seats } 号
ww-start-seats = { $seats } 号
ww-start-you = *** 你是 { $seat } 号。 ***

# 空座位由哪种 AI 扮演，开局时说一次。
ww-kit-model = AI 座位：语言模型 { $model }（{ $url }）
ww-kit-builtin = AI 座位：内置的启发式玩家（未设置模型 API 密钥：设置 LLM_API_KEY 即可由语言模型入座）

# 终端：可以输入什么、提示语，以及输入未被采纳的原因。
ww-type-kill = 输入 刀 <座位号>（可选：{ $targets }）
ww-type-check = 输入 验 <座位号>（可选：{ $targets }）
ww-type-shoot = 输入 开枪 <座位号>（可选：{ $targets }）或 不开枪
ww-type-vote = 输入 投 <座位号>（可选：{ $targets }）或 弃票
ww-type-save = 救
ww-type-poison = 毒 <座位号>（可选：{ $targets }）
ww-type-pass = 过
ww-type-witch = 输入 { $options }
ww-type-speech = 在一行内输入你的发言（最多 { $max } 个字）
ww-prompt = >> { $seat } 号，{ $what }：{ $expected } [{ $secs } 秒]
ww-prompt-wolf = 选择今晚的刀口
ww-prompt-seer = 选择要查验的座位
ww-prompt-hunter = 你可以开枪带走一人
ww-prompt-attacked = 今晚 { $seat } 号被狼人袭击
ww-prompt-no-attack = 今晚无人被袭击
ww-prompt-speech = 轮到你发言
ww-prompt-pk-speech = 轮到你 PK 发言
ww-prompt-last-words = 请留遗言
ww-prompt-vote = 请投票
ww-prompt-pk-vote = 请进行 PK 投票
ww-err-no-seat = 缺少座位号：{ $expected }
ww-err-not-seat = “{ $word }”不是座位号：{ $expected }
ww-err-invalid-seat = { $seat } 号不可选：{ $expected }
ww-err-too-long = 这段有 { $len } 个字，最多 { $max } 个字，请缩短
ww-err-nothing = 什么也没输入：{ $expected }
ww-err-not-answer = “{ $text }”不是这里能用的回答：{ $expected }
ww-help-now = 现在：{ $expected }。
ww-help-nothing = 现在不需要你操作：轮到你时会有提示。
ww-help-speech = 发言直接输入（要说出桌上的指令词，请以“说 ”开头，如“说 帮助”）；座位用数字表示（“投 4”“验 7”，英文 vote 4 也可以）。
ww-help-leave = 输入“退出”离开（对局会保存，可用 agora resume 继续）；输入“结束对局”永久结束本局。
ww-private = （仅 { $seats } 号可见）{ $text }
ww-term-defaulted = （{ $seat } 号）时间到：{ $ask }按默认处理。
ww-fall-night = 在夜里被杀
ww-fall-voted-out = 被放逐
ww-fall-shot = 被猎人开枪带走
ww-fallen = 你（{ $seat } 号）{ $how }，已出局。可以留下观看到结束，或输入“退出”离开。
ww-confirm-abandon = 再输入一次“结束对局”将永久结束本局（无法恢复）；输入其他内容则继续。
ww-typed-ahead = 未采纳：“{ $text }”是在本提示出现之前输入的，请现在作答。
ww-nothing-to-do = 现在无需操作：请等轮到你（输入“退出”离开，“结束对局”结束本局）。
ww-confirm-empty = 什么也没输入：再按一次回车将不发言跳过，或者输入你的发言。
ww-refused = 未采纳：{ $why }。请重试。
ww-too-late = 太迟了：这个选择已经关闭。

# 语言模型座位的规则提示中对本桌选项的说明。
ww-llm-hunter-poisoned-too = 被放逐或夜里死亡都可以开枪，被毒死也可以
ww-llm-hunter-not-poisoned = 被放逐或被狼人刀死时可以开枪，被毒死不能
ww-llm-self-save-always = 也可以自救
ww-llm-self-save-first-night = 只有第一夜可以自救
ww-llm-self-save-never = 不能自救
ww-llm-roles = 各身份的玩法（你的身份写在只有你能看到的部分）：
ww-llm-attacked = 今晚 { $seat } 号遭到袭击
ww-llm-not-attacked = 今晚没有人遭到袭击
