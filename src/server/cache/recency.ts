interface Link {
  key: string;
  older: Link | undefined;
  newer: Link | undefined;
}

/**
 * Keys from the one asked for least recently to the most recent, for a cache that lets the oldest
 * go first. Asking again relinks one node and allocates nothing: a Map kept in that order instead
 * (delete and set again on every hit) fills its table with holes that V8 reallocates every few hits,
 * garbage each cached answer sent would make (docs/performance.md, "A cache hit against the bare server").
 */
export class Recency {
  private readonly links = new Map<string, Link>();
  private oldestLink: Link | undefined;
  private newestLink: Link | undefined;

  /** The key asked for least recently. */
  get oldest(): string | undefined {
    return this.oldestLink?.key;
  }

  /** Makes `key` the most recent, adding it if new. */
  touch(key: string): void {
    let link = this.links.get(key);
    if (link && link === this.newestLink) return;
    if (link) this.unlink(link);
    else this.links.set(key, (link = { key, older: undefined, newer: undefined }));
    link.older = this.newestLink;
    link.newer = undefined;
    if (this.newestLink) this.newestLink.newer = link;
    else this.oldestLink = link;
    this.newestLink = link;
  }

  remove(key: string): void {
    const link = this.links.get(key);
    if (!link) return;
    this.unlink(link);
    this.links.delete(key);
  }

  private unlink(link: Link): void {
    if (link.older) link.older.newer = link.newer;
    else this.oldestLink = link.newer;
    if (link.newer) link.newer.older = link.older;
    else this.newestLink = link.older;
  }
}
