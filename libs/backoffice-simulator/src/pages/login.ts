/** `GET /login`: the sign-in form posting `_username` and `_password` to `/login_check`. */
import { renderFlashes, renderLoggedOutPage, type Flash } from './layout.js';

export function renderLoginPage(flashes: readonly Flash[]): string {
  const main =
    '    \n' +
    renderFlashes(flashes) +
    '    <div class="form-sonny form-sonny-narrow">\n\n' +
    '        <form data-submit-once id="login-form" action="/login_check" method="POST">\n' +
    '            <div class="well">\n\n                <h2>Login</h2>\n' +
    '                <div class="form-group">\n                    <label for="site-name">Username</label>\n' +
    '                    <input type="text" name="_username" class="form-control input-lg" id="login-username" placeholder="Enter Your Username">\n' +
    '                </div><!-- /form-group -->\n\n' +
    '                <div class="form-group">\n                    <label for="site-name">Password</label>\n' +
    '                    <input type="password" name="_password" class="form-control input-lg" id="login-password" placeholder="Enter Your Password">\n' +
    '                </div><!-- /form-group -->\n\n' +
    '                <div class="form-group">\n                    <div class="text-right">\n                        <a href="/forgot-password">Forgot password?</a>\n                    </div>\n                </div><!-- /form-group -->\n\n' +
    '            </div><!-- /well -->\n\n' +
    '            <div class="form-controls clearfix">\n                <div class="text-center">\n' +
    '                    <button type="submit" class="btn btn-success btn-lg">Login</button>\n' +
    '                </div>\n            </div><!-- /form-controls -->\n\n        </form>\n\n    </div><!-- /form-sonny -->\n';
  return renderLoggedOutPage({ title: 'Login', main });
}
