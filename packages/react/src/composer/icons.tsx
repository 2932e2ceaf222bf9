function Icon({ d, weight = 1.75 }: { d: string; weight?: number }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  )
}

export const CloseIcon = () => <Icon d="M4 4l8 8M12 4l-8 8" />
export const ChevronLeft = () => <Icon d="M10 3.5L5.5 8l4.5 4.5" />
export const ChevronRight = () => <Icon d="M6 3.5L10.5 8 6 12.5" />
export const ChevronDown = () => <Icon d="M3.5 6L8 10.5 12.5 6" />
export const ChevronUp = () => <Icon d="M3.5 10L8 5.5l4.5 4.5" />
export const CheckIcon = () => <Icon d="M3.5 8.5l3 3 6-7" weight={2.25} />
