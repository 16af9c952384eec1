import Foundation

/// What TaskDeck's intents refuse, in the words its people read (Chinese).
enum TaskError: Error, LocalizedError, Equatable {
    case emptyTitle
    case duplicateProject(name: String)
    case alreadyInProject(project: String)
    /// The task was deleted after the intent was given it.
    case taskDeleted(title: String)
    /// Spotlight would refuse the entity (spotlightd's words, in English); nothing was saved.
    case refusedBySpotlight(String)

    var errorDescription: String? {
        switch self {
        case .emptyTitle: return "任务标题不能为空"
        case .duplicateProject(let name): return "项目“\(name)”已经存在"
        case .alreadyInProject(let project): return "任务已经在“\(project)”里了"
        case .taskDeleted(let title): return "任务“\(title)”已经被删除了"
        case .refusedBySpotlight(let reason): return "没有保存：Spotlight 不接受它（\(reason)）"
        }
    }
}
