// Extension: a merchant profile per token (docs/sandbox.md), shown to payers on the intent and the session
// so that they know whom they pay. Set by PUT /v1/_sandbox/merchant or by the `merchants` option;
// a token without one shows `merchant: null`, never a made-up name. The logo is held to a strict
// size and type and served by the sandbox itself, from its own address, under a CSP of its own.
import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { merchantRequestSchema } from '../api/schemas';
import type { Merchant, MerchantRequest } from '../api/types';
import { merchantToken, ownerOfToken } from './auth';
import { SandboxError, invalidField } from './errors';
import type { Logo, MerchantRecord, Owner } from './store/records';
import type { Store } from './store/store';
import { parseWith } from './validate';

/** The largest logo, decoded: a mark shown at ~48 px needs far less. */
export const MAX_LOGO_BYTES = 8 * 1024;
/** Its largest width and height, so that a few compressed bytes cannot unpack into a huge bitmap. */
export const MAX_LOGO_SIDE = 512;
/** Where logos are served, below the API. */
/** Where the logos are served, under the API's /v1 (the route's address), and their full address. */
export const LOGO_ROUTE = '/merchant-logos/';
export const LOGO_PATH = `/v1${LOGO_ROUTE}`;
/** A logo's file name: the start of its SHA-256 and its type. */
export const LOGO_FILE = /^([0-9a-f]{32})\.(png|webp)$/;

const DATA_URL = /^data:image\/(png|webp);base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

interface Size {
  width: number;
  height: number;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/** A PNG's size from its header, or null unless it starts with the signature and IHDR and ends with IEND. */
function pngSize(bytes: Buffer): Size | null {
  if (bytes.length < 57 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || ascii(bytes, 12, 16) !== 'IHDR') return null;
  if (!bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A WebP's size from its first chunk (lossy, lossless or extended), or null unless it is a whole RIFF WEBP file. */
function webpSize(bytes: Buffer): Size | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') return null;
  if (bytes.readUInt32LE(4) !== bytes.length - 8) return null;
  switch (ascii(bytes, 12, 16)) {
    case 'VP8 ':
      if (bytes.readUIntBE(23, 3) !== 0x9d012a) return null;
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      if (bytes[20] !== 0x2f) return null;
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}

const logoRefused = (why: string) => invalidField('logo', `\`logo\` ${why}.`);

/** The logo a `data:` URL carries, checked: PNG or WebP by its bytes, at most 8 KiB and 512 × 512. */
export function decodeLogo(value: string): Logo {
  const match = DATA_URL.exec(value);
  if (!match)
    throw logoRefused(
      'must be a data: URL of a PNG or WebP image in base64: "data:image/png;base64,…" or "data:image/webp;base64,…"',
    );
  const type = match[1] as Logo['type'];
  const data = match[2] as string;
  const bytes = Buffer.from(data, 'base64');
  // Node decodes leniently; only the canonical encoding of the bytes is taken.
  if (bytes.toString('base64') !== data) throw logoRefused('is not valid base64');
  if (bytes.length > MAX_LOGO_BYTES)
    throw logoRefused(`must be at most ${MAX_LOGO_BYTES} bytes once decoded (this one is ${bytes.length})`);
  const size = type === 'png' ? pngSize(bytes) : webpSize(bytes);
  if (!size) throw logoRefused(`is not a ${type === 'png' ? 'PNG' : 'WebP'} image, as its data: URL says`);
  if (size.width < 1 || size.height < 1 || size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE) {
    throw logoRefused(
      `must be at most ${MAX_LOGO_SIDE} × ${MAX_LOGO_SIDE} pixels (this one is ${size.width} × ${size.height})`,
    );
  }
  return { type, data, key: createHash('sha256').update(bytes).digest('hex').slice(0, 32) };
}

type MerchantBody = z.output<typeof merchantRequestSchema>;

/**
 * A name a payer can read: some letter or digit. Format and other invisible characters (zero
 * widths, word joiners, tags, variation selectors), spaces and marks alone name nobody.
 */
const VISIBLE_LETTER = /[\p{L}\p{N}]/u;
/** Letters by their category that show nothing: the Hangul fillers. */
const BLANK_LETTERS = /[\u115f\u1160\u3164\uffa0]/gu;

/** The record a checked PUT body (or option) makes: what it leaves out is null. */
export function merchantRecord(body: MerchantBody, owner: Owner, now: number): MerchantRecord {
  if (!VISIBLE_LETTER.test(body.name.replace(BLANK_LETTERS, '')))
    throw invalidField('name', '`name` must contain a visible letter or digit: payers read it to know whom they pay.');
  return {
    owner,
    name: body.name,
    logo: body.logo == null ? null : decodeLogo(body.logo),
    supportEmail: body.support_email ?? null,
    supportPhone: body.support_phone ?? null,
    setAt: now,
  };
}

/**
 * The `merchants` option: profiles by token, checked as a PUT body would be. A bad one throws a
 * RangeError at creation, naming the token by its position (a key does not belong in an error).
 */
export function configuredMerchants(
  option: Readonly<Record<string, MerchantRequest>> | undefined,
): Map<Owner, MerchantRecord> {
  const profiles = new Map<Owner, MerchantRecord>();
  Object.entries(option ?? {}).forEach(([token, profile], index) => {
    const which = `Sandbox option merchants, its token #${index + 1}`;
    if (merchantToken(`Bearer ${token}`) !== token)
      throw new RangeError(`${which} is not a secret key of the form sk_test_….`);
    const owner = ownerOfToken(token);
    try {
      profiles.set(owner, merchantRecord(parseWith(merchantRequestSchema, profile), owner, 0));
    } catch (error) {
      if (error instanceof SandboxError) throw new RangeError(`${which}: ${error.message}`);
      throw error;
    }
  });
  return profiles;
}

/** The profiles a merchant sets by PUT (kept in the store), over those of the option. */
export class MerchantProfiles {
  private readonly configuredLogos = new Map<string, Logo>();

  constructor(
    private readonly store: Store,
    private readonly configured: ReadonlyMap<Owner, MerchantRecord>,
    /** The sandbox's own address (checkoutBaseUrl), never a request's Host. */
    private readonly baseUrl: string,
  ) {
    for (const { logo } of configured.values()) if (logo) this.configuredLogos.set(logo.key, logo);
  }

  of = (owner: Owner): MerchantRecord | undefined => this.store.merchant(owner) ?? this.configured.get(owner);

  /** What payers see of a token's profile, or null when it has none. */
  view(owner: Owner): Merchant | null {
    const record = this.of(owner);
    if (!record) return null;
    return {
      name: record.name,
      logo_url: record.logo ? `${this.baseUrl}${LOGO_PATH}${record.logo.key}.${record.logo.type}` : null,
      support_email: record.supportEmail,
      support_phone: record.supportPhone,
    };
  }

  /** A logo some profile shows, by its file name, or undefined. */
  logo(file: string): Logo | undefined {
    const [, key = '', type] = LOGO_FILE.exec(file) ?? [];
    const logo = this.store.logo(key) ?? this.configuredLogos.get(key);
    return logo?.type === type ? logo : undefined;
  }
}
