/** The help assistant's answer as the domain sees it. */
export interface ChatAnswerRecord {
  readonly reply: string;
  /** Follow-up questions: at most three, each shorter than 60 characters. */
  readonly suggestions: readonly string[];
}
