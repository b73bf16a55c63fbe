// Qiita API v2's documented example bodies (user "yaotti"), from ktsujichan/qiita-sdk-go (MIT,
// https://github.com/ktsujichan/qiita-sdk-go, commit a0ef480a, qiita/testdata). Examples, not recorded traffic.
enum QiitaFixtures {
    /// `GET /items/4bd431809afb1bb99e4f`
    static let item = ##"{"rendered_body":"<h1>Example</h1>","body":"# Example","coediting":false,"created_at":"2000-01-01T00:00:00+00:00","group":{"created_at":"2000-01-01T00:00:00+00:00","id":1,"name":"Dev","private":false,"updated_at":"2000-01-01T00:00:00+00:00","url_name":"dev"},"id":"4bd431809afb1bb99e4f","private":false,"tags":[{"name":"Ruby","versions":["0.0.1"]}],"title":"Example title","updated_at":"2000-01-01T00:00:00+00:00","url":"https://qiita.com/yaotti/items/4bd431809afb1bb99e4f","user":{"description":"Hello, world.","facebook_id":"yaotti","followees_count":100,"followers_count":200,"github_login_name":"yaotti","id":"yaotti","items_count":300,"linkedin_id":"yaotti","location":"Tokyo, Japan","name":"Hiroshige Umino","organization":"Increments Inc","permanent_id":1,"profile_image_url":"https://si0.twimg.com/profile_images/2309761038/1ijg13pfs0dg84sk2y0h_normal.jpeg","twitter_screen_name":"yaotti","website_url":"http://yaotti.hatenablog.com"}}"##

    /// `GET /items`
    static let items = ##"[{"rendered_body":"<h1>Example</h1>","body":"# Example","coediting":false,"created_at":"2000-01-01T00:00:00+00:00","group":{"created_at":"2000-01-01T00:00:00+00:00","id":1,"name":"Dev","private":false,"updated_at":"2000-01-01T00:00:00+00:00","url_name":"dev"},"id":"4bd431809afb1bb99e4f","private":false,"tags":[{"name":"Ruby","versions":["0.0.1"]}],"title":"Example title","updated_at":"2000-01-01T00:00:00+00:00","url":"https://qiita.com/yaotti/items/4bd431809afb1bb99e4f","user":{"description":"Hello, world.","facebook_id":"yaotti","followees_count":100,"followers_count":200,"github_login_name":"yaotti","id":"yaotti","items_count":300,"linkedin_id":"yaotti","location":"Tokyo, Japan","name":"Hiroshige Umino","organization":"Increments Inc","permanent_id":1,"profile_image_url":"https://si0.twimg.com/profile_images/2309761038/1ijg13pfs0dg84sk2y0h_normal.jpeg","twitter_screen_name":"yaotti","website_url":"http://yaotti.hatenablog.com"}}]"##

    /// `GET /authenticated_user`
    static let authenticatedUser = ##"{"description":"Hello, world.","facebook_id":"yaotti","followees_count":100,"followers_count":200,"github_login_name":"yaotti","id":"yaotti","items_count":300,"linkedin_id":"yaotti","location":"Tokyo, Japan","name":"Hiroshige Umino","organization":"Increments Inc","permanent_id":1,"profile_image_url":"https://si0.twimg.com/profile_images/2309761038/1ijg13pfs0dg84sk2y0h_normal.jpeg","twitter_screen_name":"yaotti","website_url":"http://yaotti.hatenablog.com","image_monthly_upload_limit":1048576,"image_monthly_upload_remaining":524288,"team_only":false}"##

    /// `GET /users/yaotti`
    static let user = ##"{"description":"Hello, world.","facebook_id":"yaotti","followees_count":100,"followers_count":200,"github_login_name":"yaotti","id":"yaotti","items_count":300,"linkedin_id":"yaotti","location":"Tokyo, Japan","name":"Hiroshige Umino","organization":"Increments Inc","permanent_id":1,"profile_image_url":"https://si0.twimg.com/profile_images/2309761038/1ijg13pfs0dg84sk2y0h_normal.jpeg","twitter_screen_name":"yaotti","website_url":"http://yaotti.hatenablog.com"}"##

    /// `GET /tags/qiita`
    static let tag = ##"{"followers_count":100,"icon_url":"https://s3-ap-northeast-1.amazonaws.com/qiita-tag-image/9de6a11d330f5694820082438f88ccf4a1b289b2/medium.jpg","id":"qiita","items_count":200}"##

    /// Qiita's documented error document.
    static let notFound = ##"{"message":"Not found","type":"not_found"}"##
}
