/** Who is calling: resolved from the session once per request. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  isOperator: boolean;
  v: number;
  sessionId: number;
}
