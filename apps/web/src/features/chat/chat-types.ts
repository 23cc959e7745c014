/** One message of the help chat (docs/product.md §3). `time` is an ISO timestamp. */
export interface ChatMessage {
  id: string;
  type: 'bot' | 'user';
  content: string;
  time: string;
  isError: boolean;
}
