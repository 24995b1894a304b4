export default function Page() {
  return (
    <main>
      <h1>Bare Next page</h1>
      <p>Next and React as the shop uses them, with no code of the shop: the reference of the page benchmark.</p>
    </main>
  )
}
