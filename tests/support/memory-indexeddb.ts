/**
 * An in-memory IndexedDB, enough for what the service worker's expiration (workbox-expiration, through
 * the idb library) asks of one: open with an upgrade, object stores with a key path and indexes,
 * put/get/delete, a cursor over an index in either direction, and transactions that complete once
 * their requests are answered. Requests answer asynchronously, as a browser's do. Not a general
 * IndexedDB: no key ranges, no aborts, no versions beyond the first upgrade.
 * tests/unit/service-worker.test.ts hands these classes to the worker as its globals.
 */

type Row = Record<string, unknown>;

interface StoreData {
  keyPath: string;
  rows: Map<unknown, Row>;
  indexes: Map<string, string>;
}

interface DatabaseData {
  version: number;
  stores: Map<string, StoreData>;
}

const compare = (a: unknown, b: unknown) => (a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1);

class MemoryRequest extends EventTarget {
  result: unknown = undefined;
  error: unknown = null;
  transaction: MemoryTransaction | null = null;

  /** Answers `result` asynchronously, as IndexedDB does (in a microtask: a cursor's steps are many). */
  answer(result: () => unknown, transaction: MemoryTransaction | null) {
    transaction?.begin();
    queueMicrotask(() => {
      this.result = result();
      this.dispatchEvent(new Event('success'));
      transaction?.end();
    });
    return this;
  }
}

class MemoryOpenRequest extends MemoryRequest {}

class MemoryTransaction extends EventTarget {
  #pending = 0;
  #done = false;
  readonly db: MemoryDatabase;
  readonly storeNames: string[];
  constructor(db: MemoryDatabase, storeNames: string[]) {
    super();
    this.db = db;
    this.storeNames = storeNames;
    this.begin();
    this.end();
  }
  get objectStoreNames() {
    return this.storeNames;
  }
  objectStore(name: string) {
    const data = this.db.data.stores.get(name);
    if (!data) throw new DOMException(`No object store ${name}`, 'NotFoundError');
    return new MemoryObjectStore(data, this);
  }
  begin() {
    this.#pending += 1;
  }
  /** Completes once no request is pending after this task (a cursor's next step comes within it). */
  end() {
    this.#pending -= 1;
    setTimeout(() => {
      if (this.#pending > 0 || this.#done) return;
      this.#done = true;
      this.dispatchEvent(new Event('complete'));
    });
  }
}

class MemoryCursor {
  #position = 0;
  readonly rows: Row[];
  readonly request: MemoryRequest;
  readonly transaction: MemoryTransaction;
  constructor(rows: Row[], request: MemoryRequest, transaction: MemoryTransaction) {
    this.rows = rows;
    this.request = request;
    this.transaction = transaction;
  }
  get value() {
    return structuredClone(this.rows[this.#position]);
  }
  advance(count: number) {
    this.#position += count;
    this.request.answer(() => (this.#position < this.rows.length ? this : null), this.transaction);
  }
  continue() {
    this.advance(1);
  }
  continuePrimaryKey() {
    throw new DOMException('Not supported', 'NotSupportedError');
  }
}

class MemoryIndex {
  readonly store: StoreData;
  readonly keyPath: string;
  readonly transaction: MemoryTransaction;
  constructor(store: StoreData, keyPath: string, transaction: MemoryTransaction) {
    this.store = store;
    this.keyPath = keyPath;
    this.transaction = transaction;
  }
  openCursor(_range: null, direction: 'next' | 'prev' = 'next') {
    const rows = [...this.store.rows.values()].sort(
      (a, b) => compare(a[this.keyPath], b[this.keyPath]) || compare(a[this.store.keyPath], b[this.store.keyPath]),
    );
    if (direction === 'prev') rows.reverse();
    const request = new MemoryRequest();
    const cursor = new MemoryCursor(rows, request, this.transaction);
    return request.answer(() => (rows.length > 0 ? cursor : null), this.transaction);
  }
}

class MemoryObjectStore {
  readonly data: StoreData;
  readonly transaction: MemoryTransaction;
  constructor(data: StoreData, transaction: MemoryTransaction) {
    this.data = data;
    this.transaction = transaction;
  }
  createIndex(name: string, keyPath: string) {
    this.data.indexes.set(name, keyPath);
    return new MemoryIndex(this.data, keyPath, this.transaction);
  }
  index(name: string) {
    const keyPath = this.data.indexes.get(name);
    if (!keyPath) throw new DOMException(`No index ${name}`, 'NotFoundError');
    return new MemoryIndex(this.data, keyPath, this.transaction);
  }
  put(row: Row) {
    const copy = structuredClone(row);
    this.data.rows.set(copy[this.data.keyPath], copy);
    return new MemoryRequest().answer(() => copy[this.data.keyPath], this.transaction);
  }
  get(key: unknown) {
    return new MemoryRequest().answer(() => structuredClone(this.data.rows.get(key)), this.transaction);
  }
  delete(key: unknown) {
    this.data.rows.delete(key);
    return new MemoryRequest().answer(() => undefined, this.transaction);
  }
}

class MemoryDatabase extends EventTarget {
  readonly data: DatabaseData;
  constructor(data: DatabaseData) {
    super();
    this.data = data;
  }
  get objectStoreNames() {
    return [...this.data.stores.keys()];
  }
  createObjectStore(name: string, { keyPath }: { keyPath: string }) {
    const store: StoreData = { keyPath, rows: new Map(), indexes: new Map() };
    this.data.stores.set(name, store);
    return new MemoryObjectStore(store, new MemoryTransaction(this, [name]));
  }
  transaction(names: string | string[]) {
    return new MemoryTransaction(this, typeof names === 'string' ? [names] : names);
  }
  close() {}
}

class MemoryFactory {
  readonly databases = new Map<string, DatabaseData>();
  open(name: string, version = 1) {
    const request = new MemoryOpenRequest();
    setTimeout(() => {
      let data = this.databases.get(name);
      const oldVersion = data?.version ?? 0;
      if (!data) {
        data = { version, stores: new Map() };
        this.databases.set(name, data);
      }
      const db = new MemoryDatabase(data);
      request.result = db;
      if (oldVersion < version) {
        data.version = version;
        request.transaction = new MemoryTransaction(db, []);
        request.dispatchEvent(Object.assign(new Event('upgradeneeded'), { oldVersion, newVersion: version }));
      }
      request.dispatchEvent(new Event('success'));
    });
    return request;
  }
  deleteDatabase(name: string) {
    this.databases.delete(name);
    return new MemoryRequest().answer(() => undefined, null);
  }
}

/** A fresh IndexedDB: `indexedDB` and the classes the idb library checks values against. */
export function memoryIndexedDB() {
  return {
    indexedDB: new MemoryFactory(),
    IDBFactory: MemoryFactory,
    IDBRequest: MemoryRequest,
    IDBOpenDBRequest: MemoryOpenRequest,
    IDBDatabase: MemoryDatabase,
    IDBTransaction: MemoryTransaction,
    IDBObjectStore: MemoryObjectStore,
    IDBIndex: MemoryIndex,
    IDBCursor: MemoryCursor,
  };
}
