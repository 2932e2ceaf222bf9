import { useMessages } from './context.ts'
import { MarkdownDetail } from './detail.tsx'
import { Body, Status } from './footer.tsx'
import { Title } from './title.tsx'
import { useApiValue, usePart } from './use-part.ts'

/**
 * What the intent views (plan review, approval) use of the composer: its
 * parts and hooks, handed to them as a prop, so their lazy chunk imports
 * nothing but React and the eager chunk is not split around a shared one.
 */
export const KIT = {
  Body,
  Status,
  Title,
  MarkdownDetail,
  useApiValue,
  useMessages,
  usePart,
}

/** The composer's parts and hooks, as the intent views get them. */
export type ComposerKit = typeof KIT
