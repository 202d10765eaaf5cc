// Types of build.js (plain JavaScript: the launcher uses it before TypeScript can be loaded).

/** dist/<name> under `root` (the program's) when it exists and is newer than every file under src/, else null. */
export function freshBuild(name: string, root?: URL): URL | null;

/** Loads the entry point `name` ('cli', 'main'): dist/<name>.js when fresh, else src/<name>.ts through tsx. */
export function importEntry(name: string, root?: URL): Promise<unknown>;
