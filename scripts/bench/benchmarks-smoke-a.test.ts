import { smokeBenchmarks } from './lib/smoke';

/**
 * The benchmarks that start the compiled server, at a smoke size; the others are in
 * benchmarks-smoke-b.test.ts, so the two integration workers share them.
 */
smokeBenchmarks([
  {
    name: 'listings',
    args: ['--listings', '50', '--rounds', '1', '--seconds', '0.2', '--connections', '2'],
    figures: [/^ {2}marketplace +p50 .* req\/s/m, /^ {2}bare node:http +p50 .* req\/s/m, /^ {2}throughput /m],
  },
  {
    name: 'browse-mix',
    args: ['--listings', '50', '--queries', '5', '--seconds', '0.2', '--connections', '2', '--writes', '2'],
    figures: [
      /^read model \(this process\): /m,
      /^each of \d+ queries answered uncached .*second pass/m,
      /^ {2}browse, no writes +p50 /m,
      /^ {2}browse, 2 writes\/s +p50 /m,
      /^ {2}writes: \d+ accepted of \d+ sent/m,
      /^start-up to listening after a crash/m,
      /^ {2}bare node:http \(one page\) +p50 /m,
    ],
  },
  {
    name: 'offers',
    args: ['--offers', '50', '--listings', '10', '--requests', '5'],
    figures: [
      /^ {2}offer stats \(4 counts\) +p50 /m,
      /^ {2}GET \/api\/offers\/listing\/\{id\} +p50 /m,
      /^ {2}GET \/api\/profile\/\{own id\} \(My Listings\) +p50 /m,
      /^start-up to listening after a crash/m,
    ],
  },
  {
    name: 'market',
    args: [
      ...['--listings', '50', '--trades', '20', '--items', '2', '--seconds', '0.2', '--connections', '2'],
      ...['--price-sets', '2', '--writes', '2', '--watchers', '2', '--accepts', '1'],
    ],
    figures: [
      /^price history \(this process\): /m,
      /^ {2}GET items\/\{name\} +p50 /m,
      /^ {2}GET overview +p50 /m,
      /^ {2}GET prices \(100 items\) +p50 .* errors 0 /m,
      /^ {2}meanwhile: \d+ of \d+ listings posted .* \d+ trades accepted/m,
      /^accepted offer -> market:trade, 2 watchers, 1 accepts .* p50 /m,
    ],
  },
  {
    name: 'presence',
    args: ['--sockets', '20', '--watch', '3', '--users', '10', '--changes', '2'],
    figures: [
      /^ {2}p50 .* ms {2}max .* ms$/m,
      /^ {2}delivered \d+\/\d+; heard by sockets watching nobody: /m,
    ],
  },
]);
