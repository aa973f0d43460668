// `npm run sandbox:wipe [-- --data DIR]`: forgets everything `npm start` kept (refused while a
// server using it runs).
import { dataDirOf, wipeState } from '../sandbox/persist/location';

try {
  const dir = dataDirOf(process.argv.slice(2), process.env);
  if (dir === null) throw new RangeError('--memory keeps nothing to wipe.');
  console.log(
    wipeState(dir) ? `momo-checkout: wiped the sandbox's state in ${dir}` : `momo-checkout: nothing to wipe in ${dir}`,
  );
} catch (error) {
  console.error(`momo-checkout: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
