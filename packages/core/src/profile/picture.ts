import { createHash } from 'node:crypto';
import { PICTURE_MAX_BYTES } from '@majlis/contracts/profile';
import { eq, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { userPictures, users } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';

/** Side of the stored square picture: twice the largest avatar shown, for sharp screens. */
export const PICTURE_SIDE = 256;
/**
 * Largest source accepted, in pixels (24 MP: any phone photo under 1 MB). A tiny file can declare a huge image (a
 * "decompression bomb"); its header is read first and refused before anything is decoded.
 */
export const PICTURE_MAX_PIXELS = 6000 * 4000;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their signature (the file's name and the request's type header are not trusted). */
export function pictureKind(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return null;
}

/**
 * A JPEG or PNG under 1 MB → a 256 × 256 WebP (cover crop, turned upright by its EXIF orientation, every metadata
 * block dropped: sharp keeps none unless asked). Refusals are 400/413 with their own bilingual messages.
 */
export async function reencodePicture(bytes: Buffer): Promise<{ bytes: Buffer; mime: string }> {
  if (bytes.length > PICTURE_MAX_BYTES) throw new AppError(413, 'PICTURE_TOO_LARGE');
  const kind = pictureKind(bytes);
  if (!kind) throw new AppError(400, 'PICTURE_TYPE');
  let meta: Metadata;
  try {
    // The header alone (no pixel is decoded), without sharp's limit, so a bomb gets its own clear message below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'PICTURE_UNREADABLE');
  }
  if (meta.format !== kind) throw new AppError(400, 'PICTURE_TYPE');
  if (!meta.width || !meta.height || meta.width * meta.height > PICTURE_MAX_PIXELS) {
    throw new AppError(400, 'PICTURE_TOO_BIG_IMAGE');
  }
  try {
    // The limit again for the decode itself, should a file's header and its data disagree.
    const out = await sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: out, mime: 'image/webp' };
  } catch {
    throw new AppError(400, 'PICTURE_UNREADABLE');
  }
}

/** Where a user's picture is served; the version in the query makes a new picture a new URL for every cache. */
export const pictureUrl = (userId: string, etag: string) => `/api/users/${userId}/picture?v=${etag.slice(0, 12)}`;

/** Stores the re-encoded picture and points users.picture at it (the top bar and chat read that). */
export async function savePicture(db: Db, actor: Actor, upload: Buffer): Promise<string> {
  const { bytes, mime } = await reencodePicture(upload);
  const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
  const url = pictureUrl(actor.userId, etag);
  await db.transaction(async (tx) => {
    await tx
      .insert(userPictures)
      .values({ userId: actor.userId, bytes, mime, etag })
      .onConflictDoUpdate({ target: userPictures.userId, set: { bytes, mime, etag, updatedAt: new Date() } });
    await tx.update(users).set({ picture: url }).where(eq(users.id, actor.userId));
  });
  return url;
}

/**
 * A user's picture, for the user and for anyone who shares an active account with them (colleagues in chat, the
 * user-management table); anyone else gets 404, as for a user who has none.
 */
export async function findPicture(db: Db, viewer: Actor, userId: string) {
  if (viewer.userId !== userId) {
    const [shared] = await queryRows<{ one: number }>(
      db,
      sql`select 1 as one from memberships a join memberships b on a.account_id = b.account_id
          where a.user_id = ${viewer.userId} and b.user_id = ${userId} and a.active and b.active limit 1`,
    );
    if (!shared) throw notFound();
  }
  const [row] = await db
    .select({ bytes: userPictures.bytes, mime: userPictures.mime, etag: userPictures.etag })
    .from(userPictures)
    .where(eq(userPictures.userId, userId));
  if (!row) throw notFound();
  return row;
}
