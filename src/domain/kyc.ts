/**
 * KYC kept by the product (issue 27): no Pi API says whether a person passed an identity check, so
 * Coin Mall keeps its own. The ONE table of statuses (the chart machines/kyc.machine.ts moves between
 * them), each with its label key; withdrawals need `passed` in every mode.
 */
export const kycStatusTable = [
  { status: 'none', labelKey: 'withdrawal.kyc.none' },
  { status: 'pending', labelKey: 'withdrawal.kyc.pending' },
  { status: 'passed', labelKey: 'withdrawal.kyc.passed' },
  { status: 'rejected', labelKey: 'withdrawal.kyc.rejected' },
] as const;

export type KycStatus = (typeof kycStatusTable)[number]['status'];
export const kycStatuses: readonly KycStatus[] = kycStatusTable.map((row) => row.status);

export function isKycStatus(value: string): value is KycStatus {
  return (kycStatuses as readonly string[]).includes(value);
}

export function kycStatusLabelKey(status: string): string {
  return kycStatusTable.find((row) => row.status === status)?.labelKey ?? 'withdrawal.kyc.none';
}

/** The identity documents a person may submit. */
export const kycDocumentTypes = ['passport', 'idCard', 'driverLicence'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

export const KycRules = {
  nameMax: 100,
  documentNumberMax: 40,
  reasonMax: 500,
} as const;
