// GitHubStatusClient's API is made of APIClient's types (`APIError`, `RESTClient`, `ClientConfiguration`, …);
// re-export it, so `import GitHubStatusAPI` is all a caller writes.
@_exported import APIClient
