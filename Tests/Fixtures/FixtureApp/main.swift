import IntentKit

// The IntentKit fixture app: every parameter type, failures, a slow intent, a hidden intent.
var intents: [any AppIntent.Type] = [
    EchoStringIntent.self, EchoIntIntent.self, EchoDoubleIntent.self, EchoBoolIntent.self,
    EchoDateIntent.self, EchoURLIntent.self, EchoFlavorIntent.self, EchoItemIntent.self,
    EchoOptionalIntent.self, EchoArrayIntent.self, ThrowingIntent.self, UnavailableIntent.self, CrashIntent.self,
    SlowIntent.self, SlowIntentCountsIntent.self, OpenItemIntent.self, ValidateNameIntent.self, SummonGhostIntent.self, WhereAmIIntent.self,
    RestockItemIntent.self, EchoRadiusIntent.self, ShoutFileIntent.self, EchoTimeIntent.self,
    EchoAmountIntent.self, OpenLockerIntent.self, EmptyLockersIntent.self, SearchItemsIntent.self, DiscardItemIntent.self,
    ChooseToppingIntent.self, ShowItemIntent.self,
]
#if DEBUG
intents.append(HiddenTestIntent.self)
#endif

AppScreen.shared.show(["Items", "Apple Pie", "Lemon Tart", "Pretzel"])
AppDependencyManager.shared.add(dependency: Shelf())
AppScreen.shared.onAppIntentExecution(ShowItemIntent.self) { intent in showItem(intent) }

await IntentApp(bundleIdentifier: "com.example.IntentKitFixture", intents: intents,
                entities: [ItemEntity.self, GhostEntity.self, ShelfBookEntity.self, LockerEntity.self], enums: [Flavor.self],
                shortcuts: FixtureShortcuts.self,
                reindexing: Reindexing(donate: { _ in })).main()
