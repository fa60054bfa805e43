// What every state of every machine says about itself. `spec` names the spec section or docs/product-rules.md
// row the state implements (shown to reviewers in docs/machines/*.md). `status` is set on lifecycle
// states that the server stores: the value written to the database for that state.
export interface StateMeta {
  spec: string;
  status?: string;
}
