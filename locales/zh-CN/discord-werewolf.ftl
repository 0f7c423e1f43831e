# Discord 上的狼人杀：大厅、状态板、频道里的对局、发言提醒、投票消息、私信与操作、
# 夜间面板、拒绝提示和计分板。参数是座位号、已命名的座位（`wwd-seat-named`）、列表和文字。

# 座位与列表。
wwd-seat = { $seat }号
wwd-seat-named = { $seat }号 · { $name }
wwd-seat-number = { $seat }号
wwd-list-sep = 、
wwd-sentence-gap = { "" }
wwd-ai-name = 🤖 { $name }（AI）

# 大厅。
wwd-lobby-title = 🐺 狼人杀 — 开桌啦
wwd-lobby-seat = { $n }. { $name }
wwd-lobby-host = { $n }. { $name }（房主）
wwd-lobby-ai = { $n }. — （开局时仍空则由 AI 玩家入座：{ $ai }）
wwd-lobby-empty = { $n }. — 空位
wwd-lobby-count = 已入座 { $taken }/{ $seats } 人。点 **加入** 入座；由房主点 **开始**。
wwd-lobby-status = **大厅** — 已入座 { $taken }/{ $seats } 人。
wwd-join = 加入
wwd-leave = 离开
wwd-start = 开始
wwd-err-seated = 你已经在这一桌入座了。
wwd-err-full = 这一桌已满（{ $seats } 个座位）。
wwd-err-not-seated = 你没有在这一桌入座。
wwd-err-not-host = 只有房主或管理员（管理消息权限）可以开始游戏。
wwd-err-not-enough = 未开启 AI 补位：游戏需要 { $seats } 名玩家，目前只有 { $joined } 人加入。
wwd-err-empty = 还没有人加入。
wwd-err-pace = pace 不能是 { $value }：请填 { $min } 到 { $max } 之间的数（越小越快）
wwd-err-max-days = max_days 不能是 { $value }：请填 { $min } 到 { $max } 之间的天数
wwd-not-started = 未能开局：{ $why }。
wwd-could-not-start = 游戏未能开始：{ $why }。请重试。
wwd-welcome = 👋 你已在 { $channel } 的狼人杀桌入座。你的身份和夜间行动会通过这里的私信发给你。
wwd-dms-closed = 📪 我无法给你发私信（你关闭了本服务器成员的私信）。你仍然可以参加：每晚（以及你出局时）我会在频道里为你发一个 **{ $label }** 按钮，点开后的内容只有你能看到。（也可以允许服务器成员给你发私信，我就会改用私信。）
wwd-no-game = 这个频道里没有进行中的游戏。用 { $open } 开一桌。

# 开局；状态板。
wwd-started-title = 🐺 狼人杀 — 游戏开始
wwd-started-help = 身份和夜间行动通过私信发送。白天轮到你发言时，你在本频道发的下一条消息就是你的发言。
wwd-table-title = 🐺 狼人杀 — 本桌
wwd-table-footer = 对局 { $session }
wwd-phase-begins = 游戏即将开始
wwd-phase-night = 第{ $n }夜
wwd-phase-day = 第{ $n }天
wwd-phase-day-pk = 第{ $n }天（PK）
wwd-phase-over = 🏁 游戏结束：身份和得分见下方。
wwd-phase-stopped = 🛑 游戏已被停止。
wwd-turn-speaking = { $seat } 正在发言
wwd-turn-voting = 投票中，等待 { $seats }
wwd-turn-night = 夜间行动进行中（通过私信）
wwd-turn-ai = AI 玩家正在行动
wwd-status-now = 现在：{ $turn }。
wwd-status-starting = 游戏正在开始。
wwd-status-ended = 这里的游戏刚刚结束。
wwd-restarted = ♻️ 机器人已重启，游戏继续；{ $turn }。
wwd-paused = ⏸️ 游戏暂停：机器人暂时连不上数据库，恢复后会自动继续。
wwd-resumed = ▶️ 游戏继续。

# 频道里的对局。
wwd-night = 🌙 **第{ $night }夜，天黑请闭眼。** 夜间行动通过私信进行。
wwd-dawn-peaceful = ☀️ **第{ $day }天，天亮了。** 昨晚是平安夜，无人死亡。
wwd-dawn-dead = ☀️ **第{ $day }天，天亮了。** 昨晚死亡的是：{ $dead }。
wwd-speech = 🗣️ **{ $seat }**：{ $text }
wwd-speech-pk = 🗣️ **{ $seat }**（PK 发言）：{ $text }
wwd-speech-last = 🗣️ **{ $seat }**（遗言）：{ $text }
wwd-votes = 🗳️ **投票结果：**
wwd-votes-none = 🗳️ **投票结果：** 无人投票。
wwd-votes-for = • { $seat } — { $count } 票（{ $voters }）
wwd-votes-abstained = • 弃票：{ $voters }
wwd-pk = ⚖️ { $seats } 平票：进入 PK 发言，然后其他玩家重新投票。
wwd-voted-out = 🪓 **{ $seat }** 被放逐。
wwd-voted-out-none = 无人被放逐。
wwd-hunter-shoots = 🏹 猎人 **{ $hunter }** 开枪带走了 **{ $target }**。
wwd-hunter-holds = 🏹 猎人 **{ $hunter }** 没有开枪。

# 一个座位的私密消息。
wwd-role = 🎭 你是 **{ $seat }**，身份是 **{ $role }**。{ $help }
wwd-help-werewolf = 每晚狼人一起选择要刀的人（就在这个私信里）。白天要藏好身份。
wwd-help-seer = 每晚你可以查验一个座位，得知其是不是狼人。
wwd-help-witch = 你有一瓶解药（救被刀的人）和一瓶毒药，整局各只能用一次。
wwd-help-hunter = 你出局时（按本桌规则，被毒死除外）可以开枪带走一个座位。
wwd-help-villager = 白天找出狼人，把他们投票放逐。
wwd-pack = 🐺 本局狼人：{ $seats }。
wwd-wolf-picks = 🐺 { $wolf } 选择刀 **{ $target }**。
wwd-wolf-picks-again = 🐺 { $wolf } 选择刀 **{ $target }**（第二轮）。
wwd-wolf-no-pick = 🐺 { $wolf } 没有选择。
wwd-wolf-no-pick-again = 🐺 { $wolf } 没有选择（第二轮）。
wwd-wolf-tie = 🐺 刀口在 { $seats } 之间平票：请再选一次。
wwd-wolf-lot = 🐺 再次平票：抽签结果是 **{ $target }**。
wwd-wolf-attack = 🐺 今晚狼人刀 **{ $target }**。
wwd-wolf-attack-none = 🐺 今晚狼人空刀。
wwd-witch-told = 🧪 今晚被狼人刀的是 **{ $target }**。
wwd-witch-told-none = 🧪 今晚无人被刀。
wwd-witch-saved = 🧪 你用解药救了 { $target }。
wwd-witch-poisoned = 🧪 你毒了 { $target }。
wwd-seer-wolf = 🔮 { $target } 是 **狼人**。
wwd-seer-good = 🔮 { $target } 是 **好人**。
wwd-hunter-may-shoot = 🏹 你今晚出局，可以开枪。
wwd-hunter-poisoned = 🏹 你今晚被毒死，不能开枪。
wwd-vote-cast = 🗳️ 你的密封投票：{ $target }。
wwd-abstain-cast = 🗳️ 你弃票（密封）。
wwd-defaulted = ⏰ 你的{ $ask }超时了，已按默认处理。
wwd-fallen = 💀 你{ $how }，已出局。可以继续在频道观战到结束，但请不要透露你知道的信息。

# 操作提示、频道里的发言提醒、截止时间。
wwd-closes = <t:{ $at }:R>截止
wwd-with-deadline = { $what }（{ $closes }）
wwd-prompt-wolf = 🐺 **请选择今晚要刀的人。**
wwd-prompt-seer = 🔮 **请选择要查验的座位。**
wwd-prompt-hunter = 🏹 **你可以开枪带走一个座位，也可以不开枪。**
wwd-prompt-witch-attacked = 今晚被狼人刀的是 **{ $target }**。
wwd-prompt-witch-none = 今晚无人被刀。
wwd-prompt-witch-save = 你可以用解药救他。
wwd-prompt-witch-poison = 你可以对一个座位用毒药。
wwd-prompt-witch-pass = 也可以不用药。
wwd-prompt-speech = 🎤 轮到你发言
wwd-prompt-pk-speech = 🎤 轮到你 PK 发言
wwd-prompt-last-words = 🎤 请留遗言
wwd-prompt-vote = 🗳️ 请投票
wwd-call = 🎤 <@{ $user }>（{ $seat }）：{ $what }。请直接在本频道输入：你的下一条消息就是你的发言（最多 { $max } 字）。
wwd-call-due = 🎤 <@{ $user }>（{ $seat }）：{ $what }。请直接在本频道输入：你的下一条消息就是你的发言（最多 { $max } 字，{ $closes }）。
wwd-call-speech = 轮到你发言
wwd-call-pk = 轮到你 PK 发言
wwd-call-last = 请留遗言

# 投票消息。
wwd-board = 🗳️ **放逐投票** — 选择要放逐的人。所有人投完之前，选票保持密封。
wwd-board-pk = 🗳️ **PK 投票** — 选择要放逐的人。所有人投完之前，选票保持密封。
wwd-board-waiting = 等待 { $users } 投票。
wwd-board-waiting-due = 等待 { $users } 投票（{ $closes }）。
wwd-board-ai = （AI 座位会自行投票。）
wwd-board-abstain = 弃票
wwd-board-placeholder = 你的投票
wwd-board-closed = 🗳️ 放逐投票已截止，结果见下方。
wwd-board-closed-pk = 🗳️ PK 投票已截止，结果见下方。
wwd-board-ended = 🗳️ 投票已截止。

# 夜间操作，以及点击选择了什么。
wwd-pick-victim = 选择要刀的人
wwd-pick-check = 选择要查验的座位
wwd-pick-shoot = 开枪带走…
wwd-dont-shoot = 不开枪
wwd-pick-poison = 用毒药毒…
wwd-save-seat = 用解药救 { $seat }号
wwd-pass = 不用药
wwd-closed = 这个选项已经关闭了。
wwd-closed-why = 这个选项已经关闭了
wwd-choose-seat = 请先从菜单里选择一个座位
wwd-not-taken = 未采纳：{ $why }。
wwd-done = ✅ 已完成：{ $what }。
wwd-chose-kill = 你选择刀 { $target }
wwd-chose-check = 你查验 { $target }
wwd-chose-shoot = 你开枪带走 { $target }
wwd-chose-poison = 你毒了 { $target }
wwd-chose-vote = 你的密封投票：{ $target }
wwd-chose-save = 你使用了解药
wwd-chose-pass = 你没有用药
wwd-chose-decline = 你没有开枪
wwd-chose-abstain = 你弃票（密封）
wwd-chose-speak = 你已发言

# 夜间面板（私信关闭时）。
wwd-panel = 🌙 我的夜间面板
wwd-panel-call = 🔒 <@{ $user }>，我无法给你发私信：请点 **{ $label }** 查看你的私密消息和夜间行动（内容只有你能看到）。
wwd-panel-nothing = 你现在无需操作。今晚有新消息会显示在这里（也可以再点一次按钮）。

# 输入的消息：发言太长或未被采纳、狼人夜聊。
wwd-too-long = <@{ $user }>：这段发言有 { $len } 个字，最多只能 { $max } 个字。请发一段更短的（你的发言机会还在）。
wwd-speech-refused = <@{ $user }>：未采纳：{ $why }。
wwd-wolf-chat = 🐺 { $from }：{ $text }

# 结束：计分板与 GPP 明细，或被停止的游戏。
wwd-win-good = 🏆 好人阵营获胜！
wwd-win-wolves = 🐺 狼人阵营获胜！
wwd-win-draw = 🤝 平局：无人获胜。
wwd-score = { $mark } { $seat } — **{ $role }** — { $score } GPP
wwd-score-detail = { $mark } { $seat } — **{ $role }** — { $score } GPP（{ $detail }）
wwd-score-part = { $reason } { $points }
wwd-reason-team-win = 阵营胜利
wwd-reason-survival = 存活
wwd-reason-vote = 投票
wwd-reason-seer-check = 查验
wwd-reason-god-dawn = 天亮时存活
wwd-reason-witch-save = 救人
wwd-reason-witch-poison = 用毒
wwd-reason-hunter-shot = 开枪
wwd-roles-revealed = 身份已揭晓。用 `/排行榜 游戏:狼人杀` 查看排名。
wwd-stopped = 🛑 游戏已被停止，记为中途放弃。
