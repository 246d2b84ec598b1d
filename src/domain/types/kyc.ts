import type { KycDocumentType, KycStatus } from '../kyc';

/** Wire shapes of the KYC API (issue 27). */
export interface KycHistoryLine {
  event: string;
  by: 'user' | 'staff';
  from: KycStatus;
  to: KycStatus;
  note: string | null;
  at: string;
}

export interface KycView {
  status: KycStatus;
  fullName: string | null;
  birthDate: string | null;
  country: string | null;
  documentType: KycDocumentType | null;
  /** Only the last four characters are ever sent back. */
  documentNumberEnd: string | null;
  rejection: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** The steps of the KYC chart the reader may take now (the person: SUBMIT; staff, in the queue: VERIFY, REJECT). */
  allowed: string[];
  history: KycHistoryLine[];
}

export interface KycQueueItem extends KycView {
  userId: string;
  username: string;
  /** Staff see the whole number to compare it with the document. */
  documentNumber: string | null;
}
