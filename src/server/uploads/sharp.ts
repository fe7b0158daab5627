import type sharp from 'sharp';

let loaded: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded at the first picture: its library (libvips) adds about 8 MB to a process's memory,
 * and most processes, answering reads, never draw or process one.
 */
export const loadSharp = () => (loaded ??= import('sharp').then((module) => module.default));
