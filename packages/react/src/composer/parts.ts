/** The composer's parts, for building your own layout: `<Composer.Root>`, `<Composer.Options>`… */
export { Announcer, Body, Footer, Pager, Progress, Skip, Status, Submit } from './footer.tsx'
export { Dismiss, DismissConfirm, Header, Minimize } from './header.tsx'
export { Navigation } from './navigation.tsx'
export { CustomAnswer, Detail, Option, Options, Question, Title } from './question.tsx'
export { Root } from './root.tsx'
