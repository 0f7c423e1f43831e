# 挂机座位：错过行动的玩家、交给 AI 的座位、挂机出局。
ww-idled-out = { $seat } 号离开太久，挂机出局：该座位退出游戏，没有遗言，也不能开枪。
ww-died-idled-out = { $seat } 号死亡（挂机出局）。
ww-fall-idled-out = 挂机出局
ww-end-idled-out = 离开太久，挂机出局
session-seat-not-taken-over = 你的座位现在没有由 AI 代打
session-seat-too-soon = 从下一个阶段起才能收回你的座位
session-seat-left = 你已离开本局：座位继续由 AI 代打
session-seat-not-yours = 这个座位不是你的，无法收回或离开
