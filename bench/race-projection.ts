// The race projection's backtest (docs/war-tracking.md "Where the race will end"): from the start of each battle day,
// the place hit rate, the mean absolute error of final fame and the share of true finals inside the 80% range, for the
// projection and for the live-pace baseline, over the recorded weeks and over simulated weeks fitted to the log.
import { backtest, backtestTable } from '#test/helpers/race-replay/backtest';
import { recordedWeeks } from '#test/helpers/race-replay/recorded-weeks';
import { simulatedWeeks } from '#test/helpers/race-replay/simulated-weeks';

const weeks = Number(process.env.RACE_WEEKS ?? 200);
console.log(
  backtestTable(
    `Recorded weeks (${recordedWeeks().length}, from the fixtures' periodLogs)`,
    backtest(recordedWeeks(), 400),
  ),
);
console.log();
console.log(
  backtestTable(
    `Simulated weeks (${weeks}, profiles fitted to riverracelog.json)`,
    backtest(simulatedWeeks(weeks, 1), 200),
  ),
);
