# 社区页面的狼人杀板子平衡数据（`content/werewolf/balance.toml`）。

web-balance = 狼人杀板子：实测平衡
web-balance-note = 双方均为内置玩家，每个板子 { $games } 局；好人阵营胜率及其 95% 置信区间。
web-col-board = 板子
web-col-good-side = 好人胜率
web-col-draws = 平局
web-col-seat-gap = 座位最大偏差
web-points = { $n } 个百分点
