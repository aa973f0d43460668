// The big key's list loops, in a process of their own (./lists-load.ts starts it at nice 19).
//   node --import tsx test/sandbox/support/list-loops.ts <url> <loops> <windowMs>
// Prints `STARTED` as the loops begin, then `RESULT <json>` (lists served, statuses, times) and exits.
import { runListLoops } from './lists-load';

const [url, loops = '32', windowMs = '8000'] = process.argv.slice(2);
if (!url) throw new Error('usage: list-loops.ts <url> <loops> <windowMs>');
console.log('STARTED');
const result = await runListLoops(url, Number(loops), Number(windowMs));
console.log(`RESULT ${JSON.stringify(result)}`);
