// The photos taken at the door (issue 35) and the customer's signature: what they are, how big,
// and in which formats. Plain: the field app reads them without zod.

/** The installed battery's label, the old battery, the customer's signature. */
export const PHOTO_KINDS = ['label', 'old', 'signature'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = {
  label: "New battery's label",
  old: 'Old battery',
  signature: "Customer's signature",
};

/** The formats kept, told by their first bytes (never by the name or the declared type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The largest photo read (before any compression: a phone's camera file is 2-6 MB). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  notAnImage: 'Send the photo as a JPEG, PNG or WebP image.',
  tooLarge: 'The photo is larger than 8 MB. Take it again at a lower resolution.',
  kind: 'Say what the photo is of: label, old or signature.',
  signedBy: "Type the customer's name under their signature.",
  storageDown: 'Photos cannot be stored right now. The photo stays on the phone; try again later.',
} as const;
