/**
 * Uploads being received or processed right now, over all sellers and per seller. A photo is held
 * in memory (up to 8 MB) from its first byte until it is stored, so this bounds that memory and
 * the queue in front of the photo processor, which a burst of uploads could otherwise grow
 * without end.
 */
export class UploadSlots {
  #taken = 0;
  readonly #perSeller = new Map<string, number>();

  constructor(
    readonly maxTotal: number,
    readonly maxPerSeller: number,
  ) {}

  /** Uploads under way now. */
  get taken(): number {
    return this.#taken;
  }

  /** Takes a slot for the seller, or says who is busy: everyone (the server) or this seller. */
  take(sellerId: string): 'taken' | 'server-busy' | 'seller-busy' {
    const own = this.#perSeller.get(sellerId) ?? 0;
    if (own >= this.maxPerSeller) return 'seller-busy';
    if (this.#taken >= this.maxTotal) return 'server-busy';
    this.#taken++;
    this.#perSeller.set(sellerId, own + 1);
    return 'taken';
  }

  give(sellerId: string): void {
    const own = this.#perSeller.get(sellerId) ?? 0;
    if (own <= 0) return;
    this.#taken--;
    if (own === 1) this.#perSeller.delete(sellerId);
    else this.#perSeller.set(sellerId, own - 1);
  }
}
