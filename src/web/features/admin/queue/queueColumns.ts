// The columns of the two queues; which of them a reviewer shows is saved per reviewer through the
// column-settings API (menu keys of AdminMenuKeys; see tables/useColumnSettings). 'waitingSince' is
// the case's age and 'claimedBy' who works it (issue 21 §2).

export const CERTIFICATION_COLUMNS = [
  'companyName',
  'location',
  'applicantEmail',
  'status',
  'submittedAt',
  'waitingSince',
  'claimedBy',
  'decidedAt',
  'decidedBy',
  'operatorId',
] as const;
export const CARD_APPLICATION_COLUMNS = [
  'companyName',
  'location',
  'applicantEmail',
  'businessPurpose',
  'status',
  'submittedAt',
  'waitingSince',
  'claimedBy',
  'decidedAt',
  'decidedBy',
] as const;
export type QueueColumn = (typeof CERTIFICATION_COLUMNS)[number] | (typeof CARD_APPLICATION_COLUMNS)[number];
