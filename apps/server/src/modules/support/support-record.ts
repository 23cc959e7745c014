import type { IssueType, Recommend, Usability } from '@cadenza/contract/support';

/** A contact message as the domain sees it: labels are for whoever presents it. */
export interface ContactMessageRecord {
  readonly id: string;
  readonly name: string;
  /** Lower-cased. */
  readonly email: string;
  readonly subject: string | null;
  readonly message: string;
  readonly issueType: IssueType;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

/** A feedback answer as the domain sees it. */
export interface FeedbackRecord {
  readonly id: string;
  /** 1 to 5. */
  readonly rating: number;
  readonly usability: Usability;
  readonly liked: string | null;
  readonly improvements: string | null;
  readonly recommend: Recommend;
  readonly additionalFeedback: string | null;
  /** The sender's name, or "Anonymous User". */
  readonly userName: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}
