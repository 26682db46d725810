import ClackCore

extension APIError {
  /// A VBML document that cannot be read or composed: 400, naming the place in the document.
  public static func from(_ error: VBMLError) -> APIError {
    APIError(
      .badRequest, code: "invalid_vbml", message: error.description,
      details: ["field": .string(error.path)])
  }
}
