/**
 * What the record-level JSON profile bounds and refuses, and how it says so: shared by the
 * whole-record checks (`jsonProfile.ts`) and the scanner (`jsonScanner.ts`).
 */

/** The structural bounds of a record, in the units of the limits they come from. */
export interface ProfileLimits {
  readonly maxRecordBytes: number;
  readonly maxJsonDepth: number;
  readonly maxArrayItems: number;
  readonly maxObjectFields: number;
  readonly maxStringBytes: number;
}

/** Why a record fails the profile; the names are the request error codes for the same failure. */
export type ProfileFailure = "record_too_large" | "invalid_json" | "limit_exceeded";

export class ProfileError extends Error {
  constructor(
    readonly code: ProfileFailure,
    message: string,
  ) {
    super(message);
    this.name = "ProfileError";
  }
}

export function invalid(message: string): never {
  throw new ProfileError("invalid_json", message);
}

export function bound(message: string): never {
  throw new ProfileError("limit_exceeded", message);
}

/**
 * Raw noncharacters (I-JSON, RFC 7493 §2.1: U+FDD0..U+FDEF and every code point whose low 16
 * bits are FFFE or FFFF) as UTF-16, a regular expression's source: a supplementary one is a
 * high surrogate xx3F followed by a low DFFE or DFFF.
 */
export const NONCHARACTER =
  "[\\ufdd0-\\ufdef\\ufffe\\uffff]|[\\ud83f\\ud87f\\ud8bf\\ud8ff\\ud93f\\ud97f\\ud9bf\\ud9ff\\uda3f\\uda7f\\udabf\\udaff\\udb3f\\udb7f\\udbbf\\udbff][\\udffe\\udfff]";
