// GitHubClient's API is made of APIClient's types (`APIError`, `Pages`, `Page`, `Poll`, `ClientConfiguration`,
// `HTTPFields`, …), and under MemberImportVisibility even calling `allItems()` on its pages needs the module that
// declares it. Re-export it, so `import GitHubAPI` is all a caller writes.
@_exported import APIClient
