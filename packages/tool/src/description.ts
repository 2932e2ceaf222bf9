/** What the model reads about `ask_user_question`. */
export const ASK_USER_QUESTION_DESCRIPTION = [
  'Ask the user one or more questions and wait for the answers. Use it when you cannot proceed safely without the user: to choose a path, confirm a risky or default action, or supply missing information.',
  'Keep each question concise and give it a stable `id`; answers come back by id. Batch related questions in one call.',
  'Prefer offering `options` with short labels; the label is the value you get back. The user can always type their own answer instead, so never add an "Other" option.',
  'Put the option you recommend first and end its label with " (Recommended)". Set `multi_select` when several options may apply.',
  'A skipped question has no answer: do not invent one. A cancel is not consent: if the user cancels, do not proceed as if they approved.',
].join('\n')
