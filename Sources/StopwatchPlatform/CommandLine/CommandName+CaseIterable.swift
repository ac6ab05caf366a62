/// The commands' names, in the order help lists them, from `CommandCatalog.visitCommandTypes`.
extension CommandName: CaseIterable {
    public static var allCases: [CommandName] {
        CommandCatalog.commandTypes.map { $0.commandName }
    }
}
