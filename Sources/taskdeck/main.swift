import IntentKit

// TaskDeck, a small task app written the way docs/porting.md says to port one: its App
// Intents code as Apple writes it, its types listed once here.

var intents: [any AppIntent.Type] = [
    CreateProjectIntent.self, CreateTaskIntent.self, MoveTaskIntent.self, CompleteTaskIntent.self,
    DeleteTaskIntent.self, OpenTaskIntent.self, SearchTasksIntent.self,
]
#if DEBUG
intents += [SeedTaskFixturesIntent.self, ResetTaskDeckIntent.self]
#endif

TaskDeckScreen.showInbox()

await IntentApp(bundleIdentifier: TaskDeckSpotlight.bundleIdentifier, intents: intents,
                entities: [TaskEntity.self, ProjectEntity.self], enums: [TaskPriority.self],
                shortcuts: TaskDeckShortcuts.self).main()
