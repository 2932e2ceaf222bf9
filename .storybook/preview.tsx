import type { Preview } from '@storybook/react-vite'
import '../packages/react/src/styles.css'

const preview: Preview = {
  // A docs page (props table, every story of the file) for each component with stories.
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    options: { storySort: { order: ['Getting started', 'Composer'] } },
    // Accessibility violations fail the story's test.
    a11y: { test: 'error' },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      const theme = context.parameters.theme ?? context.globals.theme ?? 'light'
      return (
        <div data-theme={theme} className="parley-story-canvas">
          <Story />
        </div>
      )
    },
  ],
}

export default preview
