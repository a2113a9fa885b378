/** What a server process instrumented by pauseSettlement.ts prints when it holds a settlement. */
export const SETTLEMENT_PAUSED = 'gridmind-test: a tournament settlement is held before its commit';
