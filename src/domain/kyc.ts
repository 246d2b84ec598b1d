/**
 * KYC kept by the product (issue 27): no Pi API says whether a person passed an identity check, so
 * Coin Mall keeps its own. The ONE table of statuses (the chart machines/kyc.machine.ts moves between
 * them), each with its label key; withdrawals need `passed` in every mode.
 */
export const kycStatusTable = [
  { status: 'none', labelKey: 'kyc.status.none' },
  { status: 'pending', labelKey: 'kyc.status.pending' },
  { status: 'passed', labelKey: 'kyc.status.passed' },
  { status: 'rejected', labelKey: 'kyc.status.rejected' },
] as const;

export type KycStatus = (typeof kycStatusTable)[number]['status'];
export const kycStatuses: readonly KycStatus[] = kycStatusTable.map((row) => row.status);

export function isKycStatus(value: string): value is KycStatus {
  return (kycStatuses as readonly string[]).includes(value);
}

export function kycStatusLabelKey(status: string): string {
  return kycStatusTable.find((row) => row.status === status)?.labelKey ?? 'kyc.status.none';
}

/** The identity documents a person may submit. */
export const kycDocumentTypes = ['passport', 'idCard', 'driverLicence'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

export const KycRules = {
  nameMax: 100,
  documentNumberMax: 40,
  reasonMax: 500,
} as const;
