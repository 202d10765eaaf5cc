// Types of build.js (plain JavaScript: the launcher uses it before TypeScript can be loaded).

/** dist/<name> under `root` (the program's) when it exists and is newer than every file under src/, else null. */
export function freshBuild(name: string, root?: URL): URL | null;
