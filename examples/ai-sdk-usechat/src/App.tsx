import { useEffect, useState } from 'react'
import { Chat } from './Chat'
import { clearChat, loadChat, type StoredChat } from './chat-store'

/** Loads the persisted chat (validated), then renders it; "New chat" starts over. */
export function App() {
  const [chat, setChat] = useState<StoredChat | null>(null)
  useEffect(() => {
    let live = true
    void loadChat().then((loaded) => {
      if (live) setChat(loaded)
    })
    return () => {
      live = false
    }
  }, [])

  function newChat() {
    clearChat()
    setChat({ id: crypto.randomUUID(), messages: [] })
  }

  return (
    <main className="app" data-chat-id={chat?.id}>
      <header>
        <h1>Project assistant</h1>
        <button type="button" onClick={newChat}>
          New chat
        </button>
      </header>
      {chat ? <Chat key={chat.id} stored={chat} /> : <p>Loading the chat…</p>}
    </main>
  )
}
