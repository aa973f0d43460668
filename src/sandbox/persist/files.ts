// The files of a state directory, and how they are read back. Every change to them is either an
// append (the journal) or a whole new file renamed over the old one: after a crash, a file holds
// either its old or its new content, never a mix:
//   state.jsonl           a snapshot: a header line, one line per live record, and an end line
//                         with their count and the SHA-256 of what precedes it; replaced whole
//                         (written beside, flushed, read back and checked, renamed over it, the
//                         directory flushed)
//   journal-<n>.jsonl     what happened since, one line per record, appended and flushed before
//                         any answer goes out; sealed by a last line with its count when the
//                         sandbox moves on to the next journal or shuts down cleanly; only an
//                         unsealed journal's last line can be cut short, by a crash
//   current               one checksummed line naming the journal being written; replaced whole
//                         (written beside, flushed, renamed over it) each time a journal begins,
//                         before anything is written to it, so that the newest journal (or the
//                         newest several) cannot go missing unnoticed: state.jsonl names the
//                         first, the numbering shows a gap, seals show lines cut, but nothing else
//                         would say that the newest journal exists
//   lock                  the process using the directory; left behind by a crash, which is how
//                         a start tells a crash from a clean shutdown
// Every record line is `<checksum> <json>`: the first 16 hex digits of the SHA-256 of the JSON, so
// that a line changed by hand (or by a disk) is found. (A checksum, not a signature: whoever edits
// the file and recomputes it is not stopped. The sandbox guards against accidents, not its owner.)
//
// Reading checks everything first and changes nothing; what a start mends afterwards (a crash's
// cut last line, kept aside; journals a snapshot made useless) is done by ./journal, once the
// state read back has been checked whole.
//
// Each job in a module of its own: the names and the line format (./lines), reading back
// (./read-state), the `current` file (./current), writing a snapshot (./write-state); this module
// is where the rest of the sandbox takes them from.
export { writeCurrent } from './current';
export {
  CorruptState,
  CURRENT_FILE,
  journalName,
  OversizedState,
  recordLine,
  sealLine,
  STATE_FILE,
  verifiedJson,
} from './lines';
export { type FileLines, loadBounds, readState, type SavedState } from './read-state';
export {
  dropJournalsBefore,
  replaceState,
  replaceStateInBackground,
  type Snapshot,
  snapshotOf,
  syncDirectory,
} from './write-state';
