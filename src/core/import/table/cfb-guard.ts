import { toUnreadableWorkbookError } from './spreadsheet';

/**
 * Checks the container of a legacy .xls (an OLE compound file, [MS-CFB]) before SheetJS reads it.
 * SheetJS walks the directory's sibling/child links and the FAT chains of large streams without
 * guarding against cycles: a damaged file with a link loop makes it push onto an array until V8
 * aborts the whole process ("invalid array length"), which no try/catch can stop. So the links
 * are read here the way SheetJS reads them, and any loop, or an entry linked from two places,
 * is refused as a damaged workbook. A file Excel or any sound writer produces has a tree here.
 */
export function assertSafeCfb(bytes: Uint8Array): void {
  const file = readContainer(bytes);
  if (!file) return; // SheetJS rejects a header it cannot read with its own error
  const directory = readChain(file, file.directoryStart, true);
  const entries = readDirectoryEntries(file, directory);
  assertLinksFormForest(entries);
  for (const entry of entries) {
    // SheetJS follows the FAT chain of every stream of 4096 bytes or more (MS-CFB's cutoff).
    if (entry.type !== ROOT_TYPE && entry.size >= MINI_STREAM_CUTOFF && entry.start >= 0) {
      readChain(file, entry.start, false);
    }
  }
}

const ROOT_TYPE = 5;
const MINI_STREAM_CUTOFF = 4096;
const ENTRY_BYTES = 128;
const END_OF_CHAIN = -2;

type Container = {
  view: DataView;
  sectorSize: number;
  sectorCount: number;
  directoryStart: number;
  /** Sector numbers of the FAT, in order (from the header and the DIFAT chain). */
  fatSectors: number[];
};

type DirectoryEntry = { type: number; left: number; right: number; child: number; start: number; size: number };

const damaged = () => toUnreadableWorkbookError('xls');

function readContainer(bytes: Uint8Array): Container | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const majorVersion = view.getUint16(26, true);
  const sectorSize = majorVersion === 3 ? 512 : majorVersion === 4 ? 4096 : 0;
  if (sectorSize === 0) return null;
  const fatSectors: number[] = [];
  for (let k = 0; k < 109; k++) {
    const sector = view.getInt32(76 + 4 * k, true);
    if (sector < 0) break;
    fatSectors.push(sector);
  }
  const file: Container = {
    view,
    sectorSize,
    // SheetJS's sectors: every whole or partial sector after the header.
    sectorCount: Math.max(0, Math.ceil(bytes.length / sectorSize) - 1),
    directoryStart: view.getInt32(48, true),
    fatSectors,
  };
  readDifat(file, view.getInt32(68, true), view.getInt32(72, true));
  return file;
}

/** The DIFAT chain lists the FAT sectors beyond the header's 109 (each sector's last slot links on). */
function readDifat(file: Container, start: number, count: number): void {
  const slots = file.sectorSize / 4 - 1;
  const seen = new Set<number>();
  for (let sector = start, left = count; sector >= 0 && sector < file.sectorCount; left--) {
    if (seen.has(sector)) throw damaged();
    seen.add(sector);
    for (let k = 0; k < slots; k++) {
      const fat = readSectorInt(file, sector, 4 * k);
      if (fat === END_OF_CHAIN) break;
      file.fatSectors.push(fat);
    }
    if (left < 1) break;
    sector = readSectorInt(file, sector, file.sectorSize - 4);
  }
}

function readSectorInt(file: Container, sector: number, offset: number): number {
  const at = (sector + 1) * file.sectorSize + offset;
  return at + 4 <= file.view.byteLength ? file.view.getInt32(at, true) : -1;
}

/**
 * The sectors of the chain that starts at `start`, following the FAT. `isStoppingAtLoop` is how
 * SheetJS reads the directory (a loop ends it); for streams it does not stop, so a loop is refused.
 */
function readChain(file: Container, start: number, isStoppingAtLoop: boolean): number[] {
  const chain: number[] = [];
  const seen = new Set<number>();
  const perFatSector = file.sectorSize / 4;
  for (let sector = start; sector >= 0;) {
    if (seen.has(sector)) {
      if (isStoppingAtLoop) break;
      throw damaged();
    }
    seen.add(sector);
    chain.push(sector);
    const fatSector = file.fatSectors[Math.floor(sector / perFatSector)];
    if (fatSector === undefined || fatSector < 0 || fatSector >= file.sectorCount) break;
    sector = readSectorInt(file, fatSector, (sector % perFatSector) * 4);
  }
  return chain;
}

function readDirectoryEntries(file: Container, chain: number[]): DirectoryEntry[] {
  const entries: DirectoryEntry[] = [];
  for (const sector of chain) {
    if (sector >= file.sectorCount) continue;
    const base = (sector + 1) * file.sectorSize;
    for (let at = base; at + ENTRY_BYTES <= Math.min(base + file.sectorSize, file.view.byteLength); at += ENTRY_BYTES) {
      const v = file.view;
      entries.push({
        type: v.getUint8(at + 66),
        left: v.getInt32(at + 68, true),
        right: v.getInt32(at + 72, true),
        child: v.getInt32(at + 76, true),
        start: v.getInt32(at + 116, true),
        size: v.getInt32(at + 120, true),
      });
    }
  }
  return entries;
}

/** Every entry may be linked (as left, right or child) from one other entry at most, with no loop. */
function assertLinksFormForest(entries: DirectoryEntry[]): void {
  const parent = new Int32Array(entries.length).fill(-1);
  entries.forEach((entry, index) => {
    for (const link of [entry.left, entry.right, entry.child]) {
      if (link < 0 || link >= entries.length) continue;
      if (link === index || parent[link] !== -1) throw damaged();
      parent[link] = index;
    }
  });
  // With one parent each, a loop is a cycle of parents: walk up from every entry.
  const state = new Uint8Array(entries.length); // 0 unseen, 1 on the current walk, 2 known to end
  for (let index = 0; index < entries.length; index++) {
    const walk: number[] = [];
    let at = index;
    while (at !== -1 && state[at] === 0) {
      state[at] = 1;
      walk.push(at);
      at = parent[at]!;
    }
    if (at !== -1 && state[at] === 1) throw damaged();
    for (const visited of walk) state[visited] = 2;
  }
}
